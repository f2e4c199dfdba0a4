import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { PoolStats } from '../ops/metrics';
import { acquireDataDirLock } from './data-dir-lock';
import { PGLITE_BYTEA } from './pglite-bytea';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; services accept either so callers can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL pool use for the metrics; null for the embedded database (one connection). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** In memory, empty or started from a `dumpDataDir` archive (a migrated one, in tests). */
  | { kind: 'pglite-memory'; from?: Blob };

/** The committed migrations live in <project>/drizzle, found from wherever this code runs. */
function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = resolve(dir, '..');
  }
  throw new Error('Cannot find the drizzle migrations folder');
}

// One lock id for every instance, so concurrent starts against one PostgreSQL migrate one at a time.
const MIGRATION_LOCK_ID = 7_240_115;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migrateNodePg(drizzleNodePg(client), {
        migrationsFolder: migrationsFolder(),
      });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    const max = target.poolSize ?? 10;
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max,
      }),
      close: () => pool.end(),
    };
  }

  const releaseLock =
    target.kind === 'pglite' ? await acquireDataDirLock(target.dataDir) : async () => {};
  try {
    const client =
      target.kind === 'pglite'
        ? new PGlite(target.dataDir, PGLITE_BYTEA)
        : new PGlite({ ...PGLITE_BYTEA, loadDataDir: target.from });
    await client.waitReady;
    const db = drizzlePglite(client);
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      poolStats: () => null,
      close: async () => {
        await client.close();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
