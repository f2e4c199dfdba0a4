import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '../../src/server/platform/config';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cmd-config-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('upload quota settings', () => {
  it('by default holds 40 files and four of the largest videos per assessment', async () => {
    const config = await loadConfig({ DATA_DIR: dataDir });
    expect(config.mediaQuota).toEqual({ files: 40, bytes: 4 * 250 * 1024 * 1024 });
    const larger = await loadConfig({ DATA_DIR: dataDir, MEDIA_MAX_BYTES: String(500 * 2 ** 20) });
    expect(larger.mediaQuota.bytes).toBe(2000 * 2 ** 20);
  });

  it('takes MEDIA_QUOTA_FILES and MEDIA_QUOTA_BYTES from the environment', async () => {
    const config = await loadConfig({
      DATA_DIR: dataDir,
      MEDIA_QUOTA_FILES: '12',
      MEDIA_QUOTA_BYTES: '300000000',
    });
    expect(config.mediaQuota).toEqual({ files: 12, bytes: 300_000_000 });
  });

  it('names a quota setting that is not a positive whole number', () => {
    expect(() => parseEnv({ MEDIA_QUOTA_FILES: '0' })).toThrow(/MEDIA_QUOTA_FILES/);
    expect(() => parseEnv({ MEDIA_QUOTA_BYTES: 'a lot' })).toThrow(/MEDIA_QUOTA_BYTES/);
  });
});
