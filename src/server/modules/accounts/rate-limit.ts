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
 * Counts one attempt in a fixed window; false past the limit. For callers whose reply must not
 * tell (a lost-code request answers the same either way).
 */
export async function countWithinRateLimit(
  db: DbOrTx,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<boolean> {
  return (
    (await countRateLimitHit(db, `${rule.name}:${subject}`, windowStart(rule, now))) <= rule.limit
  );
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
  if (!(await countWithinRateLimit(db, rule, subject, now))) throw rateLimited();
  return () => takeBackRateLimitHit(db, `${rule.name}:${subject}`, windowStart(rule, now));
}
