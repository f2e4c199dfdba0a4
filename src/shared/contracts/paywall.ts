import { z } from 'zod';
import { localIsoDate } from '../dates';
import { CURRENCY } from '../constants';
import { EARLIEST_DATE, emailAddress, idSchema, languageSchema, singleLine } from './common';

const requiredText = (max: number) =>
  singleLine().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });

/** The details form (SPEC section 3 "Patient information"); message keys are i18n keys. */
export const patientDetailsSchema = z.strictObject({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailAddress(),
  phone: requiredText(40),
  // Today is the latest day of birth, so the future gets its own message before the range check.
  dateOfBirth: singleLine()
    .min(1, { error: 'validation.required' })
    .pipe(z.iso.date({ error: 'validation.date' }))
    .refine((value) => value <= localIsoDate(), { error: 'validation.dateOfBirthFuture' })
    .refine((value) => value >= EARLIEST_DATE, { error: 'validation.date' }),
  address: requiredText(200),
  postalCode: requiredText(20),
  city: requiredText(100),
  state: requiredText(100),
  /** Explicit consent to the processing of health data (GDPR Art. 9(2)(a)). */
  consent: z.boolean().refine((given) => given, { error: 'validation.consentRequired' }),
  /** The version of the privacy notice the patient was shown. */
  consentVersion: singleLine().min(1, { error: 'validation.consentRequired' }).max(64),
  /** Agreement to the terms, and the version of the terms shown. */
  terms: z.boolean().refine((given) => given, { error: 'validation.termsRequired' }),
  termsVersion: singleLine().min(1, { error: 'validation.termsRequired' }).max(64),
  /**
   * The request to start at once, knowing the right of withdrawal ends when the service is fully
   * performed (§ 356 Abs. 4 BGB), and the version of the withdrawal information shown.
   */
  withdrawalWaiver: z.boolean().refine((given) => given, {
    error: 'validation.withdrawalWaiverRequired',
  }),
  withdrawalVersion: singleLine().min(1, { error: 'validation.withdrawalWaiverRequired' }).max(64),
});
export type PatientDetails = z.infer<typeof patientDetailsSchema>;

export const publishableKeyResultSchema = z.object({
  publishableKey: z.string(),
  provider: z.enum(['stripe', 'demo']),
});
export type PublishableKeyResult = z.infer<typeof publishableKeyResultSchema>;

/**
 * The browser says which amount it shows; the server computes the amount itself from the price
 * and the coupon and refuses a request whose amount disagrees. The patient's details travel with
 * the intent so a webhook can fulfil it even if the browser is gone.
 */
export const createPaymentIntentBodySchema = z.strictObject({
  amount: z.number().int().min(0).max(1_000_000),
  currency: z.literal(CURRENCY),
  couponCode: singleLine().max(100).optional(),
  details: patientDetailsSchema.optional(),
  language: languageSchema.optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const paymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number().int(),
});
export type PaymentIntentResult = z.infer<typeof paymentIntentResultSchema>;

export const updatePaymentIntentBodySchema = z.strictObject({
  paymentIntentId: singleLine().min(1).max(255),
  /** The intent's client secret: only the browser that created the intent may change it. */
  clientSecret: singleLine().min(1).max(255),
  amount: z.number().int().min(0).max(1_000_000),
  currency: z.literal(CURRENCY).optional(),
  couponCode: singleLine().max(100).optional(),
  details: patientDetailsSchema.optional(),
  language: languageSchema.optional(),
});
export type UpdatePaymentIntentBody = z.infer<typeof updatePaymentIntentBodySchema>;

/**
 * SPEC section 7: the details travel flat. They may be left out when the intent already carries
 * them (stored by create/update-payment-intent); a free checkout has a coupon and no intent.
 */
export const verifyPaymentBodySchema = z.strictObject({
  ...patientDetailsSchema.partial().shape,
  paymentIntentId: singleLine().min(1).max(255).optional(),
  /** The intent's client secret (payment_intent_client_secret): proves the paying browser. */
  clientSecret: singleLine().min(1).max(255).optional(),
  couponCode: singleLine().max(100).optional(),
  language: languageSchema.optional(),
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const redeemCouponBodySchema = z.strictObject({
  code: singleLine().min(1).max(100),
  userId: idSchema,
});

export const redeemCouponResultSchema = z.object({ ok: z.literal(true) });

/** POST /api/demo-payments/confirm: the demo provider's card form (test mode only). */
export const demoConfirmBodySchema = z.strictObject({
  paymentIntentId: singleLine().min(1).max(255),
  clientSecret: singleLine().min(1).max(255),
  cardNumber: singleLine().max(40),
  expiry: singleLine().max(10),
  cvc: singleLine().max(8),
  country: singleLine().max(2).optional(),
});
export type DemoConfirmBody = z.infer<typeof demoConfirmBodySchema>;

export const demoConfirmResultSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});
export type DemoConfirmResult = z.infer<typeof demoConfirmResultSchema>;

export const webhookResultSchema = z.object({ received: z.literal(true) });
