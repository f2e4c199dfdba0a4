import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../src/server/config';

describe('configuration', () => {
  it('starts with no variables at all', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.PAYMENTS).toBeUndefined();
  });

  it('names the variable that has a wrong value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must hold at least 256 bits/,
    );
  });

  it('lists every bad variable at once', () => {
    try {
      parseEnv({ PORT: '-1', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/LOG_LEVEL/);
    }
  });

  it('requires a JWT secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENTS: 'demo' })).toThrow(/JWT_SECRET/);
  });

  it('refuses production without a Stripe key unless demo payments are chosen on purpose', () => {
    const secret = 'x'.repeat(43);
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(
      /STRIPE_SECRET_KEY.*PAYMENTS=demo/,
    );
    expect(() =>
      parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret, PAYMENTS: 'demo' }),
    ).not.toThrow();
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      }),
    ).not.toThrow();
  });

  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('takes TRUST_PROXY as Fastify does: true, false, or addresses and ranges of the proxies', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toBe('127.0.0.1');
    expect(parseEnv({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback' }).TRUST_PROXY).toBe(
      '10.0.0.0/8,fd00::/8,loopback',
    );
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: invalid range/);
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.1,' })).toThrow(/TRUST_PROXY/);
    // Fastify no longer honours a hop count; it must not look as if it worked.
    expect(() => parseEnv({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: a hop count/);
  });
});
