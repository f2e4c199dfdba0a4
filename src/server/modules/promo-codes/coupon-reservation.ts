import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { findPayment, updateUnfulfilledPayment } from '../payments/payments-repository';
import type { PaymentProvider } from '../payments/provider';
import { normalizeCouponCode, reservationClock } from './coupons';
import { claimCouponFor, releaseCouponHold, staleHolderOf } from './promo-codes-repository';

interface ReservationDeps {
  db: Db;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * Holds a single-use code for one intent: the price of that intent includes its discount, so no
 * other checkout may use the code meanwhile. Returns the code's row, or undefined when the code
 * is not usable or another live checkout holds it.
 */
export async function reserveCoupon(
  deps: ReservationDeps,
  code: string,
  intentId: string,
  now = new Date(),
) {
  const normalized = normalizeCouponCode(code);
  const claim = () => claimCouponFor(deps.db, normalized, intentId, now);
  const claimed = await claim();
  if (claimed) return claimed;

  const holder = await staleHolderOf(deps.db, normalized, reservationClock(now));
  if (!holder || !(await cancelHolder(deps, holder))) return undefined;
  await releaseCoupon(deps.db, normalized, holder);
  return claim();
}

/** Lets go of the code this intent held (coupon removed, intent cancelled, checkout failed). */
export async function releaseCoupon(db: Db, code: string, intentId: string): Promise<void> {
  await releaseCouponHold(db, normalizeCouponCode(code), intentId);
}

/**
 * Makes sure the intent that holds a code can never be paid: cancelled at the provider (outside
 * any transaction). True when it is cancelled, unknown, or a free checkout that never finished.
 */
async function cancelHolder(deps: ReservationDeps, intentId: string): Promise<boolean> {
  const row = await findPayment(deps.db, intentId);
  if (row?.fulfilledAt) return false;
  if (!row || row.provider === 'coupon') return true;
  if (row.provider !== deps.payments.kind) return false;
  const intent = await deps.payments.cancelIntent(intentId).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'could not cancel the intent holding a promo code');
    return null;
  });
  if (intent === null || (intent && intent.status !== 'canceled')) return false;
  await updateUnfulfilledPayment(deps.db, intentId, { status: 'canceled' });
  return true;
}
