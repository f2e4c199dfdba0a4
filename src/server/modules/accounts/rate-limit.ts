import type { DbOrTx } from '../../platform/db/client';
import { rateLimited } from '../../platform/errors';
import { countRateLimitHit, takeBackRateLimitHit } from './accounts-repository';

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
  if ((await countRateLimitHit(db, key, start)) > rule.limit) throw rateLimited();
  return () => takeBackRateLimitHit(db, key, start);
}
