import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../src/server/modules/media/byte-range';

describe('reading a Range header', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['BYTES = 5 - 6', { start: 5, end: 6 }],
  ])('%s of a 1000-byte file', (header, expected) => {
    expect(parseByteRange(header, 1000)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=5-1', 'bytes=-0', 'bytes=-', 'bytes=a-b', 'bytes=1.5-2'])(
    'refuses %s',
    (header) => {
      expect(parseByteRange(header, 1000)).toBe('invalid');
    },
  );

  it('sends the whole file without a header, for another unit or several ranges', () => {
    expect(parseByteRange(undefined, 1000)).toBeUndefined();
    expect(parseByteRange('items=0-5', 1000)).toBeUndefined();
    expect(parseByteRange('bytes=0-5,10-20', 1000)).toBeUndefined();
  });
});
