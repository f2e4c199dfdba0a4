import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

const HOLDER = `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Takes the named job for a while, if no other instance holds it. One atomic upsert decides:
 * the row is created, or taken over only when its lease has run out.
 */
export async function acquireJobLease(
  db: Db,
  name: string,
  seconds: number,
  holder = HOLDER,
): Promise<boolean> {
  const until = sql`now() + make_interval(secs => ${seconds})`;
  const [row] = await db
    .insert(jobLeases)
    .values({ name, holder, leasedUntil: until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, leasedUntil: until },
      setWhere: lt(jobLeases.leasedUntil, sql`now()`),
    })
    .returning({ holder: jobLeases.holder });
  return row?.holder === holder;
}

export async function finishJob(db: Db, name: string, holder = HOLDER): Promise<void> {
  await db
    .update(jobLeases)
    .set({ lastRunAt: sql`now()` })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
}
