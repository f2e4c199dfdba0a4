import { join } from 'node:path';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { DatabaseInUseError } from '../db/data-dir-lock';

export class UsageError extends Error {}

/** Opens the configured database for a command-line task and closes it afterwards. */
export async function withCliDatabase<T>(task: (db: Db) => Promise<T>): Promise<T> {
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
  }
}

/** Runs a command: known problems print their message alone, anything else its stack. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const known = error instanceof UsageError || error instanceof DatabaseInUseError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
