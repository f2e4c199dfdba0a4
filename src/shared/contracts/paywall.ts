import { z } from 'zod';
import { CURRENCY } from '../constants';
import { languageSchema } from './common';

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Today's date as YYYY-MM-DD in the local time zone of whoever validates. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The details form (SPEC section 3 "Patient information"); message keys are i18n keys. */
export const patientDetailsSchema = z.strictObject({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'validation.email' })),
  phone: requiredText(40),
  dateOfBirth: z.iso
    .date({ error: 'validation.date' })
    .refine((value) => value <= today(), { error: 'validation.dateOfBirthFuture' })
    .refine((value) => value >= '1900-01-01', { error: 'validation.date' }),
  address: requiredText(200),
  postalCode: requiredText(20),
  city: requiredText(100),
  state: requiredText(100),
});
export type PatientDetails = z.infer<typeof patientDetailsSchema>;

export const publishableKeyResultSchema = z.object({
  publishableKey: z.string(),
  provider: z.enum(['stripe', 'demo']),
});

export const createPaymentIntentBodySchema = z.strictObject({
  amount: z.number().int().min(0).max(1_000_000),
  currency: z.literal(CURRENCY),
  couponCode: z.string().trim().max(100).optional(),
});

export const paymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResultSchema>;

export const updatePaymentIntentBodySchema = z.strictObject({
  paymentIntentId: z.string().min(1).max(255),
  amount: z.number().int().min(0).max(1_000_000),
  couponCode: z.string().trim().max(100).optional(),
});

export const verifyPaymentBodySchema = z.strictObject({
  ...patientDetailsSchema.shape,
  paymentIntentId: z.string().min(1).max(255).optional(),
  couponCode: z.string().trim().max(100).optional(),
  language: languageSchema.optional(),
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const redeemCouponBodySchema = z.strictObject({
  code: z.string().trim().min(1).max(100),
  userId: z.number().int().positive(),
});
