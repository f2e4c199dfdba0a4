import { join } from 'node:path';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase, type Db } from '../platform/db/client';
import { DatabaseInUseError } from '../platform/db/data-dir-lock';
import { BackupError } from '../platform/ops/backup';
import { makePrivate, restrictNewFiles } from '../platform/private-files';

export class UsageError extends Error {}

/** Opens the configured database for a command-line task and closes it afterwards. */
export async function withCliDatabase<T>(task: (db: Db) => Promise<T>): Promise<T> {
  restrictNewFiles();
  const config = await loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  try {
    return await task(database.db);
  } finally {
    await database.close();
    await makePrivate(config.dataDir);
  }
}

/**
 * Runs a command: known problems (bad usage or configuration, a data directory in use, a backup
 * that cannot be made) print their message alone, anything else its stack and the usage.
 */
export function runCli(main: () => Promise<void>, usage?: string): void {
  main().catch((error: unknown) => {
    const known = [UsageError, DatabaseInUseError, ConfigError, BackupError].some(
      (kind) => error instanceof kind,
    );
    console.error(known ? (error as Error).message : error);
    if (!known && usage) console.error(usage);
    process.exit(1);
  });
}
