import type { Db } from '../../platform/db/client';
import { forbidden, invalid } from '../../platform/errors';
import { findPromoCodeByCode, normalizeCouponCode, redeemCoupon } from '../promo-codes';
import { paidIntentWithCoupon } from './payments-repository';

/**
 * POST /api/coupons/redeem from the browser after a payment: only for the signed-in user, only
 * for a code the payment of the session's assessment used, and idempotent.
 */
export async function redeemCouponForUser(
  db: Db,
  input: { code: string; userId: number; authUserId: number; assessmentId: number },
): Promise<{ ok: true }> {
  if (input.userId !== input.authUserId) throw forbidden('coupons.notRedeemable');
  const code = normalizeCouponCode(input.code);
  const promo = await findPromoCodeByCode(db, code);
  if (promo?.redeemedByUserId === input.authUserId) return { ok: true };
  const intentId = await paidIntentWithCoupon(db, input.assessmentId, code);
  if (!promo || !intentId) throw forbidden('coupons.notRedeemable');
  if (await redeemCoupon(db, { code, userId: input.authUserId, intentId })) {
    return { ok: true };
  }
  throw invalid('coupons.invalid');
}
