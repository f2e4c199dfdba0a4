import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { findPayment, updateUnfulfilledPayment } from './payments-repository';
import type { PaymentProvider } from './provider';

/**
 * Makes sure the intent that holds a promo code can never be paid: cancelled at the provider
 * (outside any transaction). True when it is cancelled, unknown, or a free checkout that never
 * finished; the promo-codes module then lets another checkout take the code.
 */
export async function cancelCouponHolder(
  deps: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  intentId: string,
): Promise<boolean> {
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
