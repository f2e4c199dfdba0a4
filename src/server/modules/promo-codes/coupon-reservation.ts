import type { Db } from '../../platform/db/client';
import { normalizeCouponCode, reservationClock } from './coupons';
import { claimCouponFor, releaseCouponHold, staleHolderOf } from './promo-codes-repository';

/**
 * Makes sure the intent holding a code can never be paid (cancelled at the payment provider,
 * outside any transaction): true when it is cancelled, unknown, or a free checkout that never
 * finished. The payments module gives it.
 */
export type CancelHolder = (intentId: string) => Promise<boolean>;

/**
 * Holds a single-use code for one intent: the price of that intent includes its discount, so no
 * other checkout may use the code meanwhile. Returns the code's row, or undefined when the code
 * is not usable or another live checkout holds it.
 */
export async function reserveCoupon(
  db: Db,
  code: string,
  intentId: string,
  cancelHolder: CancelHolder,
  now = new Date(),
) {
  const normalized = normalizeCouponCode(code);
  const claim = () => claimCouponFor(db, normalized, intentId, now);
  const claimed = await claim();
  if (claimed) return claimed;

  const holder = await staleHolderOf(db, normalized, reservationClock(now));
  if (!holder || !(await cancelHolder(holder))) return undefined;
  await releaseCoupon(db, normalized, holder);
  return claim();
}

/** Lets go of the code this intent held (coupon removed, intent cancelled, checkout failed). */
export async function releaseCoupon(db: Db, code: string, intentId: string): Promise<void> {
  await releaseCouponHold(db, normalizeCouponCode(code), intentId);
}
