import type { Language } from '../../../shared/constants';
import type { ValidateCouponResult } from '../../../shared/contracts/promo-codes';
import { consumeRateLimit, type RateLimitRule } from '../accounts';
import type { Db, DbOrTx } from '../../platform/db/client';
import { findUsableCoupon as findUsableCouponRow, markRedeemed } from './promo-codes-repository';
import { invalid } from '../../platform/errors';
import { translate } from '../../platform/i18n/messages';

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

/** The moment and the reservation cut-off the promo-code queries compare with. */
export const reservationClock = (now: Date) => ({
  now,
  heldBefore: new Date(now.getTime() - COUPON_RESERVATION_MS),
});

/** A code the checkout (of the given intent, or a new one) could use right now. */
export async function findUsableCoupon(
  db: DbOrTx,
  code: string,
  now = new Date(),
  intentId?: string,
) {
  return findUsableCouponRow(db, normalizeCouponCode(code), reservationClock(now), intentId);
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
  if (!row) throw invalid('coupons.invalid');
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
  return markRedeemed(db, { ...input, code: normalizeCouponCode(input.code) }, now);
}
