import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { createThrowawayDatabase } from './shared-postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory' });

  const throwaway = await createThrowawayDatabase('cmd_test', serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}
