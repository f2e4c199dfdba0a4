import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { signInBackoff } from '../db/schema';
import { AppError } from '../http/app-error';

/** Wrong codes that cost nothing: a typo or a code read off just as it changed. */
const FREE_FAILURES = 3;
const MAX_DELAY_SECONDS = 60 * 60;
/** A key left alone this long starts over, so an admin's old typos do not pile up for ever. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

/** Seconds to wait after the n-th failure in a row: none for the first few, then doubling. */
export function backoffSeconds(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

/** Refuses while any of the keys is still waiting out its back-off (429 with the wait). */
export async function assertNotBackedOff(db: DbOrTx, keys: string[], now = new Date()) {
  const [blocked] = await db
    .select({ until: sql<Date>`max(${signInBackoff.blockedUntil})` })
    .from(signInBackoff)
    .where(and(inArray(signInBackoff.key, keys), gt(signInBackoff.blockedUntil, now)));
  if (!blocked?.until) return;
  const seconds = Math.max(
    1,
    Math.ceil((new Date(blocked.until).getTime() - now.getTime()) / 1000),
  );
  throw new AppError(429, 'auth.totpBackoff', { seconds });
}

/** Counts one failure under each key and returns the highest count among them. */
export async function recordFailure(db: DbOrTx, keys: string[], now = new Date()) {
  let highest = 0;
  for (const key of keys) {
    const stale = sql`${signInBackoff.lastFailureAt} < ${new Date(now.getTime() - FORGET_AFTER_SECONDS * 1000)}`;
    const failures = sql<number>`CASE WHEN ${stale} THEN 1 ELSE ${signInBackoff.failures} + 1 END`;
    const [row] = await db
      .insert(signInBackoff)
      .values({ key, failures: 1, lastFailureAt: now, blockedUntil: null })
      .onConflictDoUpdate({
        target: signInBackoff.key,
        set: { failures, lastFailureAt: now },
      })
      .returning({ failures: signInBackoff.failures });
    const count = row?.failures ?? 1;
    const wait = backoffSeconds(count);
    if (wait > 0) {
      await db
        .update(signInBackoff)
        .set({ blockedUntil: new Date(now.getTime() + wait * 1000) })
        .where(eq(signInBackoff.key, key));
    }
    highest = Math.max(highest, count);
  }
  return highest;
}

export async function clearFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(signInBackoff).where(inArray(signInBackoff.key, keys));
}
