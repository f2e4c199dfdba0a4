import { z } from 'zod';
import { EDITABLE_PROMO_CODE_STATUSES, PROMO_CODE_STATUSES } from '../constants';
import { isoDateTimeSchema, singleLine } from './common';

export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;

export const promoCodeSchema = z.object({
  ID: z.number().int(),
  Code: z.string(),
  AmountCents: z.number().int(),
  Status: z.enum(PROMO_CODE_STATUSES),
  ExpiresAt: z.string().nullable(),
  CreatedAt: z.string(),
  RedeemedByUserID: z.number().int().nullable(),
  RedeemedByEmail: z.string().nullable(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodesSchema = z.array(promoCodeSchema);

export const promoCodeWriteBodySchema = z.strictObject({
  code: singleLine()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(PROMO_CODE_PATTERN)),
  amountCents: z.number().int().min(1).max(1_000_000),
  status: z.enum(EDITABLE_PROMO_CODE_STATUSES),
  expiresAt: isoDateTimeSchema.nullable(),
});
export type PromoCodeWriteBody = z.infer<typeof promoCodeWriteBodySchema>;

export const validateCouponBodySchema = z.strictObject({
  code: singleLine().min(1).max(100),
});

export const validateCouponResultSchema = z.object({
  valid: z.boolean(),
  amountCents: z.number().int(),
  error: z.string().optional(),
});
export type ValidateCouponResult = z.infer<typeof validateCouponResultSchema>;
