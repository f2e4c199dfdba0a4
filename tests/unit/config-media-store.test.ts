import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/server/platform/config';
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';

const key = () => randomBytes(32).toString('base64');
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(43),
  PAYMENTS: 'demo',
  SMTP_URL: 'smtp://mail.example.org',
  MAIL_FROM: 'Praxis <praxis@example.org>',
  ...PRACTICE_PROFILE_ENV,
};

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cmd-media-config-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('media configuration', () => {
  it('requires MEDIA_ENCRYPTION_KEY in production', () => {
    expect(() => parseEnv(production)).toThrow(/MEDIA_ENCRYPTION_KEY: required in production/);
    expect(() => parseEnv({ ...production, MEDIA_ENCRYPTION_KEY: key() })).not.toThrow();
  });

  it('checks every old key like the current one', () => {
    expect(() => parseEnv({ MEDIA_ENCRYPTION_OLD_KEYS: `${key()},short` })).toThrow(
      /MEDIA_ENCRYPTION_OLD_KEYS.*32 bytes/,
    );
    expect(
      parseEnv({ MEDIA_ENCRYPTION_OLD_KEYS: ` ${key()} , ${key()} ` }).MEDIA_ENCRYPTION_OLD_KEYS,
    ).toHaveLength(2);
  });

  it('keeps media on disk unless MEDIA_STORE=s3, which needs a bucket and credentials', async () => {
    expect((await loadConfig({ DATA_DIR: dataDir })).mediaStore).toEqual({ kind: 'disk' });
    expect(() => parseEnv({ MEDIA_STORE: 's3' })).toThrow(ConfigError);
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => parseEnv({ MEDIA_STORE: 's3' })).toThrow(
        new RegExp(`${name}: required when MEDIA_STORE=s3`),
      );
    }
    expect(() => parseEnv({ MEDIA_STORE: 'ftp' })).toThrow(/MEDIA_STORE/);
    expect(() => parseEnv({ MEDIA_STORE: 's3', S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    const config = await loadConfig({
      DATA_DIR: dataDir,
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'cmd-media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.mediaStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'cmd-media',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('gives every start of one data directory the same generated key, even at the same moment', async () => {
    const configs = await Promise.all(
      Array.from({ length: 8 }, () => loadConfig({ DATA_DIR: dataDir })),
    );
    const keys = new Set(configs.map((config) => config.mediaKey.toString('base64')));
    expect(keys.size).toBe(1);
    expect((await readFile(join(dataDir, 'media-key'), 'utf8')).trim()).toBe([...keys][0]);
    // No candidate files are left beside it.
    expect((await readdir(dataDir)).sort()).toEqual(['jwt-secret', 'media-key']);
  });

  // Four Node processes compiling TypeScript at once: on a loaded two-core machine that alone
  // outlasts the unit tests' 5 s default.
  it('agrees across processes starting at once', { timeout: 60_000 }, async () => {
    const script = join(dataDir, 'load.mjs');
    await writeFile(
      script,
      `const { loadConfig } = await import(${JSON.stringify(join(process.cwd(), 'src/server/platform/config.ts'))});
       const config = await loadConfig({ DATA_DIR: process.argv[2] });
       process.send(config.mediaKey.toString('base64'));`,
    );
    const shared = join(dataDir, 'shared');
    const keys = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<string>((resolve, reject) => {
            const child = fork(script, [shared], { execArgv: ['--import', 'tsx'] });
            child.once('message', (message) => resolve(String(message)));
            child.once('error', reject);
          }),
      ),
    );
    expect(new Set(keys).size).toBe(1);
  });

  it('refuses a key file that holds no key instead of replacing it', async () => {
    await writeFile(join(dataDir, 'media-key'), '');
    await expect(loadConfig({ DATA_DIR: dataDir })).rejects.toThrow(/media-key: holds no secret/);
  });
});
