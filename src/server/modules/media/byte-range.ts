import type { ByteRange } from './media-store';

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 section 14.1.2). Returns undefined
 * when the whole file should be sent (no header, another unit, several ranges), or 'invalid'
 * when the range cannot be satisfied.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return undefined;
  const spec = match[1]!.trim();
  if (spec.includes(',')) return undefined;
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!parts) return 'invalid';
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return 'invalid';
  if (size === 0) return 'invalid';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'invalid';
  return { start, end };
}
