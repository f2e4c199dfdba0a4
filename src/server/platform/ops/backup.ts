import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create, extract } from 'tar';
import { acquireDataDirLock } from '../db/data-dir-lock';

/**
 * Backup and restore of the embedded default: the PGlite folder, the encrypted media and the
 * practice's privacy notices, copied while no server holds the data directory. The media key and
 * the JWT secret stay out of the archive, so a stolen backup is of no use without the key kept
 * elsewhere. (PostgreSQL and bucket set-ups use pg_dump and the storage's own backups instead.)
 */

const MANIFEST = 'backup-manifest.json';
const FORMAT = 1;
const CONTENT = ['db', 'media', 'privacy-notice.en.md', 'privacy-notice.de.md'];
/** Left out: the lock of the process taking the backup, and half-written uploads. */
const LEFT_OUT = [/^db\/\.server\.pid$/, /^media\/\.(incoming|staging)(\/|$)/];

interface Manifest {
  format: number;
  createdAt: string;
  mediaFiles: number;
  /** Identifies the media key the files are encrypted with, without revealing it. */
  mediaKeyFingerprint: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export const keyFingerprint = (key: Buffer) =>
  createHash('sha256').update(key).digest('hex').slice(0, 16);

async function mediaFileNames(dataDir: string): Promise<string[]> {
  const names = await readdir(join(dataDir, 'media')).catch(() => [] as string[]);
  return names.filter((name) => !name.startsWith('.'));
}

export async function createBackup(options: {
  dataDir: string;
  mediaKey: Buffer;
  out: string;
}): Promise<{ mediaFiles: number; bytes: number }> {
  const { dataDir, mediaKey, out } = options;
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${join(dataDir, 'db')}.`);
  }
  // The server's own lock: a running server refuses us, and no server starts mid-backup.
  const release = await acquireDataDirLock(join(dataDir, 'db'));
  try {
    const mediaFiles = (await mediaFileNames(dataDir)).length;
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      mediaFiles,
      mediaKeyFingerprint: keyFingerprint(mediaKey),
    };
    await writeFile(join(dataDir, MANIFEST), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    try {
      await create(
        {
          gzip: true,
          file: out,
          cwd: dataDir,
          portable: true,
          filter: (path) => !LEFT_OUT.some((pattern) => pattern.test(path)),
        },
        [MANIFEST, ...CONTENT.filter((name) => existsSync(join(dataDir, name)))],
      );
    } finally {
      await rm(join(dataDir, MANIFEST), { force: true });
    }
    // Health data: readable by the operator only.
    await chmod(out, 0o600);
    return { mediaFiles, bytes: (await stat(out)).size };
  } finally {
    await release();
  }
}

async function readManifest(archive: string): Promise<Manifest> {
  const dir = await mkdtemp(join(tmpdir(), 'cmd-restore-'));
  try {
    await extract({ file: archive, cwd: dir, filter: (path) => path === MANIFEST });
    const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) throw new Error(`format ${manifest.format}`);
    return manifest;
  } catch {
    throw new BackupError(`${archive} is not a backup made by npm run backup.`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** True when the folder is missing or holds nothing but the given names. */
async function holdsOnly(dir: string, allowed: string[]): Promise<boolean> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.every((name) => allowed.includes(name));
}

export async function restoreBackup(options: {
  dataDir: string;
  /**
   * The media keys the server will use, current first and then MEDIA_ENCRYPTION_OLD_KEYS (a
   * backup made before a rotation was made with an old key); empty when none is configured.
   */
  mediaKeys: Buffer[];
  archive: string;
}): Promise<Manifest> {
  const { dataDir, mediaKeys, archive } = options;
  const manifest = await readManifest(archive);
  if (manifest.mediaFiles > 0) {
    if (mediaKeys.length === 0) {
      throw new BackupError(
        `The backup holds ${manifest.mediaFiles} encrypted media files. Put the media key back first: ` +
          `the file media-key in ${dataDir}, or MEDIA_ENCRYPTION_KEY.`,
      );
    }
    if (!mediaKeys.some((key) => keyFingerprint(key) === manifest.mediaKeyFingerprint)) {
      throw new BackupError(
        'The media key is not the one this backup was made with: its media could not be decrypted.',
      );
    }
  }

  const release = await acquireDataDirLock(join(dataDir, 'db'));
  try {
    const empty =
      (await holdsOnly(join(dataDir, 'db'), ['.server.pid'])) &&
      (await holdsOnly(join(dataDir, 'media'), ['.incoming']));
    if (!empty) {
      throw new BackupError(
        `${dataDir} already holds a database or media. Move its db and media folders aside first, ` +
          'or restore into an empty DATA_DIR.',
      );
    }
    await extract({
      file: archive,
      cwd: dataDir,
      filter: (path) => CONTENT.includes(path.split('/')[0]!),
    });
    return manifest;
  } finally {
    await release();
  }
}
