import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class DatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by a running server (process ${pid}). ` +
        'Stop the server first, or point DATABASE_URL at a PostgreSQL server.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process with one connection: a second process opening the same folder would
 * corrupt it. A pid file guards the folder; a stale one (its process gone) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, '.server.pid');
  const existing = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
  if (Number.isInteger(existing) && existing !== process.pid && isAlive(existing)) {
    throw new DatabaseInUseError(dataDir, existing);
  }
  await writeFile(lockFile, String(process.pid));
  return () => rm(lockFile, { force: true });
}
