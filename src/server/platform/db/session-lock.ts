import pg from 'pg';
import type { Db } from './client';

/** Held locks of this process, by name: PGlite has one session, so its own locks never wait. */
const local = new Map<string, Promise<void>>();

async function takeLocal(name: string): Promise<() => void> {
  for (;;) {
    const held = local.get(name);
    if (!held) break;
    await held;
  }
  let release!: () => void;
  local.set(
    name,
    new Promise<void>((resolve) => (release = resolve)).finally(() => local.delete(name)),
  );
  return release;
}

export class LockTimeoutError extends Error {}

/**
 * Runs `work` while holding a lock named `name` across every instance on one PostgreSQL: a
 * session advisory lock on a connection of its own, so no transaction stays open while `work`
 * waits on the network. An instance that dies holding it (kill -9) closes that connection, and
 * PostgreSQL releases the lock. Waits at most `waitMs`, then throws LockTimeoutError.
 */
export async function withSessionLock<T>(
  db: Db,
  name: string,
  waitMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const releaseLocal = await takeLocal(name);
  try {
    const pool = (db as { $client?: unknown }).$client;
    if (!(pool instanceof pg.Pool)) return await work();
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`SET lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
      await client
        .query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name])
        .catch((error: { code?: string }) => {
          // 55P03: lock_not_available, the wait ran out.
          throw error.code === '55P03' ? new LockTimeoutError(name) : error;
        });
      try {
        return await work();
      } finally {
        await client
          .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name])
          .catch(() => (broken = true));
      }
    } finally {
      await client.query('RESET lock_timeout').catch(() => (broken = true));
      // A connection whose lock state is unknown is not handed to anyone else.
      client.release(broken);
    }
  } finally {
    releaseLocal();
  }
}
