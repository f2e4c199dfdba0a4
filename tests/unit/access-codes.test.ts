import { describe, expect, it } from 'vitest';
import {
  accessCodeHint,
  generateAccessCode,
  hashAccessCode,
  normalizeAccessCode,
} from '../../src/server/modules/access/access-codes';

describe('access codes', () => {
  it('look like XXXX-XXXX-XXXX-XXXX in an alphabet without look-alike letters', () => {
    for (let i = 0; i < 200; i++) {
      expect(generateAccessCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    }
  });

  it('carry 80 bits: 16 characters of a 32-letter alphabet, and do not repeat', () => {
    const codes = new Set(Array.from({ length: 5000 }, generateAccessCode));
    expect(codes.size).toBe(5000);
    const letters = new Set([...codes].join('').replaceAll('-', ''));
    expect(letters.size).toBe(32);
  });

  it('hash the same however the patient types them', () => {
    const code = 'AB1C-0DEF-GH2J-KM3N';
    expect(hashAccessCode('ab1c0defgh2jkm3n')).toBe(hashAccessCode(code));
    expect(hashAccessCode(' abIc-OdEF-gh2j-km3n ')).toBe(hashAccessCode(code));
    expect(normalizeAccessCode('abLc')).toBe('AB1C');
    expect(hashAccessCode(code)).not.toContain('AB1C');
  });

  it('keep only the last four characters as a hint', () => {
    expect(accessCodeHint('AB1C-0DEF-GH2J-KM3N')).toBe('KM3N');
  });
});
