import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/server/platform/config';
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';

const SECRET = 'x'.repeat(43);

describe('choosing the payment provider', () => {
  it('uses the offline demo provider when started with no variables', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cmd-config-'));
    try {
      const config = await loadConfig({ DATA_DIR: dataDir });
      expect(config.payments.provider).toBe('demo');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start in production without a Stripe key unless PAYMENTS=demo', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required in production/,
    );
    expect(() =>
      parseEnv({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        PAYMENTS: 'demo',
        SMTP_URL: 'smtp://mail.example.org',
        MAIL_FROM: 'Praxis <praxis@example.org>',
        MEDIA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        ...PRACTICE_PROFILE_ENV,
      }),
    ).not.toThrow();
  });

  it('uses Stripe when a secret key is set', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'cmd-config-'));
    try {
      const config = await loadConfig({
        DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      });
      expect(config.payments).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_1' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
