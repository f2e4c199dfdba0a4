import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../src/server/modules/accounts/tokens';

const subject = {
  userId: 7,
  email: 'patient@example.org',
  language: 'en' as const,
  isAdmin: false,
  tokenVersion: 0,
  assessmentId: 3,
  assessmentTokenVersion: 0,
  methods: ['code' as const],
};

afterEach(() => {
  vi.useRealTimers();
});

describe('token verification', () => {
  it('still refuses a token once it has expired, after verifying it before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService('a-test-secret-of-enough-length-000', 60);
    const token = await tokens.sign(subject);
    expect(await tokens.verify(token)).toMatchObject({ payload: { sub: '7', acid: 3 } });
    expect(await tokens.verify(token)).toMatchObject({ payload: { sub: '7', acid: 3 } });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await tokens.verify(token)).toEqual({ failure: 'expired' });
  });

  it('tells an expired token it never saw before from a forged one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tokens = createTokenService('a-test-secret-of-enough-length-000', 60);
    const token = await tokens.sign(subject);
    vi.setSystemTime(Date.now() + 61_000);
    const fresh = createTokenService('a-test-secret-of-enough-length-000', 60);
    expect(await fresh.verify(token)).toEqual({ failure: 'expired' });
    expect(await fresh.verify(`${token}x`)).toEqual({ failure: 'invalid' });
  });

  it('refuses a token changed by one character after the original was verified', async () => {
    const tokens = createTokenService('a-test-secret-of-enough-length-000', 60);
    const token = await tokens.sign(subject);
    expect(await tokens.verify(token)).toHaveProperty('payload');
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.acid = 4;
    const tampered = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature];
    expect(await tokens.verify(tampered.join('.'))).toEqual({ failure: 'invalid' });
    const flipped = signature![10] === 'A' ? 'B' : 'A';
    const otherSignature = `${signature!.slice(0, 10)}${flipped}${signature!.slice(11)}`;
    expect(await tokens.verify(`${header}.${payload}.${otherSignature}`)).toEqual({
      failure: 'invalid',
    });
  });

  it('refuses a token of another secret', async () => {
    const other = await createTokenService('another-secret-of-enough-length-00', 60).sign(subject);
    expect(
      await createTokenService('a-test-secret-of-enough-length-000', 60).verify(other),
    ).toEqual({ failure: 'invalid' });
  });
});
