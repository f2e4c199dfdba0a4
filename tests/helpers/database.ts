import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { pgliteTemplateDump } from './pglite-template';
import { createThrowawayDatabase } from './shared-postgres';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ kind: 'pglite-memory', from: await pgliteTemplateDump() });

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

/**
 * A database as an earlier release left it: migrated up to and including the migration `tag`
 * (a file name in drizzle/ without `.sql`), then filled by `fill` with plain SQL in that
 * release's shape, then opened as the product opens it, which applies the migrations after.
 */
export async function openTestDatabaseFrom(
  tag: string,
  fill: (sql: (text: string, params?: unknown[]) => Promise<unknown[]>) => Promise<void>,
): Promise<Database> {
  const folder = await mkdtemp(join(tmpdir(), 'cmd-migrations-'));
  try {
    const journal = JSON.parse(await readFile(join('drizzle', 'meta', '_journal.json'), 'utf8'));
    const upTo = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
    if (upTo < 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, upTo + 1);
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const { tag: file } of journal.entries)
      await cp(join('drizzle', `${file}.sql`), join(folder, `${file}.sql`));

    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const dataDir = await mkdtemp(join(tmpdir(), 'cmd-pglite-'));
      const client = new PGlite(dataDir);
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      await fill(async (text, params) => (await client.query(text, params)).rows);
      await client.close();
      const database = await openDatabase({ kind: 'pglite', dataDir });
      return {
        ...database,
        close: async () => {
          await database.close();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    }
    const throwaway = await createThrowawayDatabase('cmd_test', serverUrl);
    const client = new pg.Client({ connectionString: throwaway.url });
    await client.connect();
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder });
      await fill(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
    const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
    return {
      ...database,
      close: async () => {
        await database.close();
        await throwaway.drop();
      },
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
