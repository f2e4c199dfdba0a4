import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Language } from '../../shared/constants';
import type { ValidateCouponResult } from '../../shared/contracts/promo-codes';
import { consumeRateLimit, type RateLimitRule } from '../auth/rate-limit';
import type { Db, DbOrTx } from '../db/client';
import { payments, promoCodes } from '../db/schema';
import { badRequest, forbidden } from '../http/app-error';
import { translate } from '../i18n/messages';

/** Guessing promo codes costs: a few dozen tries per address and quarter hour. */
export const COUPON_VALIDATE_LIMIT: RateLimitRule = {
  name: 'coupon-validate:ip',
  limit: 30,
  windowSeconds: 15 * 60,
};

export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * How long a card payment's intent holds a single-use code. After that another checkout may take
 * the code, but only once the holder's intent is cancelled at the provider.
 */
export const COUPON_RESERVATION_MS = 30 * 60 * 1000;

export const staleReservation = (now: Date) =>
  lt(promoCodes.reservedAt, new Date(now.getTime() - COUPON_RESERVATION_MS));

/** Usable right now: active, not expired, not redeemed. */
export const usable = (now: Date) =>
  and(
    eq(promoCodes.status, 'active'),
    isNull(promoCodes.redeemedByUserId),
    or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
  );

/**
 * Not held by another checkout's intent: free, held by this intent, or held long enough that it
 * can be taken back.
 */
const availableTo = (intentId: string | undefined, now: Date) =>
  or(
    isNull(promoCodes.reservedByIntent),
    staleReservation(now),
    intentId ? eq(promoCodes.reservedByIntent, intentId) : undefined,
  );

/** A code the checkout (of the given intent, or a new one) could use right now. */
export async function findUsableCoupon(
  db: DbOrTx,
  code: string,
  now = new Date(),
  intentId?: string,
) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(eq(promoCodes.code, normalizeCouponCode(code)), usable(now), availableTo(intentId, now)),
    )
    .limit(1);
  return row;
}

/**
 * Looks a code up on behalf of an address. Every endpoint that accepts a code (validate, the
 * payment intent calls, a free checkout) counts wrong codes against one limit, so none of them
 * is a way around it; a code that exists is taken back off the count.
 */
export async function lookUpCouponFor(
  db: Db,
  code: string,
  ip: string,
  intentId?: string,
  now = new Date(),
) {
  const undo = await consumeRateLimit(db, COUPON_VALIDATE_LIMIT, ip, now.getTime());
  const row = await findUsableCoupon(db, code, now, intentId);
  if (row) await undo();
  return row;
}

/** The discount of a code the browser sent with a price; an unusable code is a 400. */
export async function requireUsableCoupon(db: Db, code: string, ip: string, intentId?: string) {
  const row = await lookUpCouponFor(db, code, ip, intentId);
  if (!row) throw badRequest('coupons.invalid');
  return row;
}

export async function validateCoupon(
  db: Db,
  input: { code: string; ip: string; language: Language },
): Promise<ValidateCouponResult> {
  const row = await lookUpCouponFor(db, input.code, input.ip);
  return row
    ? { valid: true, amountCents: row.amountCents }
    : { valid: false, amountCents: 0, error: translate(input.language, 'coupons.invalid') };
}

/**
 * Marks a code redeemed for the payment that reserved it, in one conditional update, so of any
 * number of concurrent attempts exactly one wins. Returns whether this call redeemed it.
 */
export async function redeemCoupon(
  db: DbOrTx,
  input: { code: string; userId: number; intentId: string },
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({
      status: 'redeemed',
      redeemedByUserId: input.userId,
      redeemedAt: now,
      reservedByIntent: input.intentId,
      updatedAt: now,
    })
    .where(
      and(
        eq(promoCodes.code, normalizeCouponCode(input.code)),
        usable(now),
        // Intents created before reservations existed hold none.
        or(eq(promoCodes.reservedByIntent, input.intentId), isNull(promoCodes.reservedByIntent)),
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

/**
 * POST /api/coupons/redeem from the browser after a payment: only for the signed-in user, only
 * for a code the payment of the session's assessment used, and idempotent.
 */
export async function redeemCouponForUser(
  db: Db,
  input: { code: string; userId: number; authUserId: number; accessCodeId: number },
): Promise<{ ok: true }> {
  if (input.userId !== input.authUserId) throw forbidden('coupons.notRedeemable');
  const code = normalizeCouponCode(input.code);
  const [promo] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  if (promo?.redeemedByUserId === input.authUserId) return { ok: true };
  const [used] = await db
    .select({ intentId: payments.intentId })
    .from(payments)
    .where(
      and(
        eq(payments.accessCodeId, input.accessCodeId),
        sql`upper(${payments.couponCode}) = ${code}`,
        sql`${payments.fulfilledAt} is not null`,
      ),
    )
    .limit(1);
  if (!promo || !used) throw forbidden('coupons.notRedeemable');
  if (await redeemCoupon(db, { code, userId: input.authUserId, intentId: used.intentId })) {
    return { ok: true };
  }
  throw badRequest('coupons.invalid');
}
