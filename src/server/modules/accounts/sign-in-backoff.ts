import type { DbOrTx } from '../../platform/db/client';
import { DomainError } from '../../platform/errors';
import { backoffBlockedUntil, blockBackoffKey, countBackoffFailure } from './accounts-repository';

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
  const until = await backoffBlockedUntil(db, keys, now);
  if (!until) return;
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  throw new DomainError('rate_limited', 'auth.totpBackoff', { seconds });
}

/** Counts one failure under each key and returns the highest count among them. */
export async function recordFailure(db: DbOrTx, keys: string[], now = new Date()) {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_SECONDS * 1000);
  let highest = 0;
  for (const key of keys) {
    const count = await countBackoffFailure(db, key, now, forgetBefore);
    const wait = backoffSeconds(count);
    if (wait > 0) await blockBackoffKey(db, key, new Date(now.getTime() + wait * 1000));
    highest = Math.max(highest, count);
  }
  return highest;
}
