import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  otpauthUri,
  totpCode,
} from '../../src/server/modules/accounts/totp';

// RFC 6238 appendix B, SHA-1 with the ASCII secret "12345678901234567890" (8-digit codes there;
// authenticator apps use the last 6 digits of the same truncation).
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors', () => {
    for (const [seconds, eight] of vectors) {
      expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(eight.slice(-6));
    }
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const secret = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(secret, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 17]);
    expect(base32Decode(base32Encode(bytes)).equals(bytes)).toBe(true);
  });

  it('accepts one step of clock drift and nothing older', () => {
    const now = 1_800_000_000_000;
    const current = totpCode(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, current, now)).toBe(Math.floor(now / 30_000));
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).not.toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now - 90_000), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', now)).toBeNull();
    expect(matchTotp(RFC_SECRET, 'abcdef', now)).toBeNull();
  });

  it('makes an otpauth URI authenticator apps read', () => {
    expect(otpauthUri('ABC', 'dr@x.org', 'CMD Risk Assessment')).toBe(
      'otpauth://totp/CMD%20Risk%20Assessment%3Adr%40x.org?secret=ABC&issuer=CMD+Risk+Assessment&algorithm=SHA1&digits=6&period=30',
    );
  });
});
