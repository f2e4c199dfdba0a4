import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { BackupError, createBackup } from '../platform/ops/backup';
import { runCli } from './cli-database';

const USAGE = 'Usage: npm run backup -- [--out cmd-backup.tar.gz]';

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = await loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and the media folder as docs/deployment.md describes. This command backs up the embedded database.',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = resolve(values.out ?? `cmd-backup-${stamp}.tar.gz`);
  const { mediaFiles, bytes } = await createBackup({
    dataDir: config.dataDir,
    mediaKey: config.mediaKey,
    out,
  });
  console.log(
    `Backed up the database and ${mediaFiles} media files of ${config.dataDir} to ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
  );
  if (config.mediaStore.kind === 's3') {
    console.log(
      `MEDIA_STORE=s3: the photos and videos are in the bucket ${config.mediaStore.bucket}, not in this archive; mirror the bucket as docs/deployment.md describes.`,
    );
  }
  console.log(
    'Not in the archive: the media key and the JWT secret. Keep a copy of the media key (the file media-key in DATA_DIR, or MEDIA_ENCRYPTION_KEY) apart from the backups: without it the media cannot be decrypted.',
  );
}

runCli(run, USAGE);
