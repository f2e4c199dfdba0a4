import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { payments, promoCodes } from '../db/schema';
import { normalizeCouponCode, staleReservation, usable } from './coupons';
import type { PaymentProvider } from './provider';

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
  const claim = async () => {
    const [row] = await deps.db
      .update(promoCodes)
      .set({ reservedByIntent: intentId, reservedAt: now, updatedAt: now })
      .where(
        and(
          eq(promoCodes.code, normalized),
          usable(now),
          or(isNull(promoCodes.reservedByIntent), eq(promoCodes.reservedByIntent, intentId)),
        ),
      )
      .returning();
    return row;
  };
  const claimed = await claim();
  if (claimed) return claimed;

  const [held] = await deps.db
    .select({ id: promoCodes.id, holder: promoCodes.reservedByIntent })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, normalized), usable(now), staleReservation(now)));
  if (!held?.holder || !(await cancelHolder(deps, held.holder))) return undefined;
  await releaseCoupon(deps.db, normalized, held.holder);
  return claim();
}

/** Lets go of the code this intent held (coupon removed, intent cancelled, checkout failed). */
export async function releaseCoupon(db: Db, code: string, intentId: string): Promise<void> {
  await db
    .update(promoCodes)
    .set({ reservedByIntent: null, reservedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(promoCodes.code, normalizeCouponCode(code)),
        eq(promoCodes.reservedByIntent, intentId),
        isNull(promoCodes.redeemedByUserId),
      ),
    );
}

/**
 * Makes sure the intent that holds a code can never be paid: cancelled at the provider (outside
 * any transaction). True when it is cancelled, unknown, or a free checkout that never finished.
 */
async function cancelHolder(deps: ReservationDeps, intentId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ provider: payments.provider, fulfilledAt: payments.fulfilledAt })
    .from(payments)
    .where(eq(payments.intentId, intentId));
  if (row?.fulfilledAt) return false;
  if (!row || row.provider === 'coupon') return true;
  if (row.provider !== deps.payments.kind) return false;
  const intent = await deps.payments.cancelIntent(intentId).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'could not cancel the intent holding a promo code');
    return null;
  });
  if (intent === null || (intent && intent.status !== 'canceled')) return false;
  await deps.db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(payments.intentId, intentId), isNull(payments.fulfilledAt)));
  return true;
}
