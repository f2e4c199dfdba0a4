import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../http/app-error';

export interface RateLimitRule {
  /** Distinguishes counters of different features, e.g. "access-code:ip". */
  name: string;
  limit: number;
  windowSeconds: number;
}

function windowStart(rule: RateLimitRule, now: number): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now / windowMs) * windowMs);
}

/**
 * Counts one attempt in a fixed window and throws 429 past the limit. The counter lives in the
 * database and is bumped atomically, so every server instance sees the same count.
 * Returns an undo function for attempts that turned out legitimate.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<() => Promise<void>> {
  const key = `${rule.name}:${subject}`;
  const start = windowStart(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if ((row?.hits ?? 0) > rule.limit) throw tooManyRequests();
  return async () => {
    await db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)));
  };
}

/** Drops windows that ended long ago; called now and then, not on the request path. */
export async function pruneRateLimits(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}
