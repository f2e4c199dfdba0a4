import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/server/platform/config';
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';

const MEDIA_KEY = Buffer.alloc(32, 9).toString('base64');

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

  it('requires a mail server and a real sender in production', () => {
    const base = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(43),
      PAYMENTS: 'demo',
      MEDIA_ENCRYPTION_KEY: MEDIA_KEY,
      ...PRACTICE_PROFILE_ENV,
    };
    expect(() => parseEnv(base)).toThrow(/SMTP_URL: required in production/);
    expect(() => parseEnv(base)).toThrow(/MAIL_FROM: required in production/);
    const smtp = { ...base, SMTP_URL: 'smtps://user:secret@mail.example.org:465' };
    for (const placeholder of [
      'CMD Risk Assessment <no-reply@localhost>',
      'Praxis <praxis@mail.localhost>',
      'Praxis',
    ]) {
      expect(() => parseEnv({ ...smtp, MAIL_FROM: placeholder })).toThrow(/MAIL_FROM/);
    }
    expect(() =>
      parseEnv({ ...smtp, MAIL_FROM: 'Praxis Dr. Muster <praxis@zahnarzt-muster.de>' }),
    ).not.toThrow();
    expect(() => parseEnv({ ...smtp, MAIL_FROM: 'praxis@zahnarzt-muster.de' })).not.toThrow();
    // Development and tests write mails to the outbox folder.
    expect(() => parseEnv({})).not.toThrow();
  });

  it('refuses production without the practice profile, naming each missing variable', () => {
    const ready = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(43),
      PAYMENTS: 'demo',
      SMTP_URL: 'smtp://mail.example.org',
      MAIL_FROM: 'Praxis <praxis@example.org>',
      MEDIA_ENCRYPTION_KEY: MEDIA_KEY,
    };
    expect(() => parseEnv({ ...ready, ...PRACTICE_PROFILE_ENV })).not.toThrow();
    for (const name of [
      'PRACTICE_NAME',
      'PRACTICE_ADDRESS',
      'PRACTICE_EMAIL',
      'PRACTICE_PHONE',
      'PRACTICE_VAT',
    ] as const) {
      const without = { ...ready, ...PRACTICE_PROFILE_ENV, [name]: '' };
      expect(() => parseEnv(without)).toThrow(new RegExp(`${name}: required in production`));
    }
    const noTaxId = { ...ready, ...PRACTICE_PROFILE_ENV, PRACTICE_TAX_NUMBER: '' };
    expect(() => parseEnv(noTaxId)).toThrow(/PRACTICE_TAX_NUMBER or PRACTICE_VAT_ID: required/);
    expect(() => parseEnv({ ...noTaxId, PRACTICE_VAT_ID: 'DE123456789' })).not.toThrow();
    // Every missing one at once, so the operator fixes the file in one go.
    const message = (() => {
      try {
        parseEnv(ready);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const name of ['PRACTICE_NAME', 'PRACTICE_ADDRESS', 'PRACTICE_EMAIL', 'PRACTICE_PHONE']) {
      expect(message).toContain(name);
    }
  });

  it('runs development on a sample practice that says it is one', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cmd-sample-'));
    const config = await loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(config.profile.sample).toBe(true);
    expect(config.profile.name).toMatch(/example/i);
    expect(config.invoicing.seller.taxNumber).toMatch(/example/i);
    const given = await loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PRACTICE_NAME: 'Praxis',
    });
    expect(given.profile.sample).toBe(false);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('requires a JWT secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENTS: 'demo' })).toThrow(/JWT_SECRET/);
  });

  it('refuses production without a Stripe key unless demo payments are chosen on purpose', () => {
    const secret = 'x'.repeat(43);
    const mail = {
      SMTP_URL: 'smtp://mail.example.org',
      MAIL_FROM: 'Praxis <praxis@example.org>',
      MEDIA_ENCRYPTION_KEY: MEDIA_KEY,
      ...PRACTICE_PROFILE_ENV,
    };
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret, ...mail })).toThrow(
      /STRIPE_SECRET_KEY.*PAYMENTS=demo/,
    );
    expect(() =>
      parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret, PAYMENTS: 'demo', ...mail }),
    ).not.toThrow();
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: secret,
        ...mail,
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

  it('refuses TRUST_PROXY=true in production, where it lets clients forge their address', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(43),
      PAYMENTS: 'demo',
      MEDIA_ENCRYPTION_KEY: MEDIA_KEY,
      SMTP_URL: 'smtp://mail.example.org',
      MAIL_FROM: 'Praxis <praxis@example.org>',
      ...PRACTICE_PROFILE_ENV,
    };
    expect(() => parseEnv({ ...production, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is refused in production/,
    );
    expect(parseEnv({ ...production, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });

  it('bounds how long a client may take to send a request', () => {
    const env = parseEnv({});
    expect([
      env.HEADERS_TIMEOUT_SECONDS,
      env.IDLE_TIMEOUT_SECONDS,
      env.REQUEST_TIMEOUT_SECONDS,
    ]).toEqual([20, 90, 600]);
    expect(() => parseEnv({ IDLE_TIMEOUT_SECONDS: '0' })).toThrow(/IDLE_TIMEOUT_SECONDS/);
    expect(() =>
      parseEnv({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS/);
  });
});
