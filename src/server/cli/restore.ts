import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '../platform/config';
import { BackupError, restoreBackup } from '../platform/ops/backup';
import { runCli } from './cli-database';

const USAGE = 'Usage: npm run restore -- cmd-backup.tar.gz';

/** The keys the server would use, without creating one (loadConfig would generate a new key). */
async function configuredMediaKeys(env: ReturnType<typeof parseEnv>, dataDir: string) {
  const encoded =
    env.MEDIA_ENCRYPTION_KEY ??
    (await readFile(join(dataDir, 'media-key'), 'utf8').catch(() => ''));
  const current = encoded.trim() ? [Buffer.from(encoded.trim(), 'base64')] : [];
  return [...current, ...env.MEDIA_ENCRYPTION_OLD_KEYS.map((key) => Buffer.from(key, 'base64'))];
}

async function run(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new BackupError(USAGE);
  const env = parseEnv(process.env);
  if (env.DATABASE_URL) {
    throw new BackupError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore as docs/deployment.md describes. This command restores the embedded database.',
    );
  }
  const dataDir = resolve(env.DATA_DIR);
  const manifest = await restoreBackup({
    dataDir,
    mediaKeys: await configuredMediaKeys(env, dataDir),
    archive: resolve(positionals[0]!),
  });
  console.log(
    `Restored the database and ${manifest.mediaFiles} media files of ${manifest.createdAt} into ${dataDir}. Start the server as usual.`,
  );
}

runCli(run, USAGE);
