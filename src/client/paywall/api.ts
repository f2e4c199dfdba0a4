import { CURRENCY, type Language } from '../../shared/constants';
import { authResultSchema, okBodySchema } from '../../shared/contracts/common';
import {
  demoConfirmResultSchema,
  paymentIntentResultSchema,
  publishableKeyResultSchema,
  type PatientDetails,
} from '../../shared/contracts/paywall';
import { validateCouponResultSchema } from '../../shared/contracts/promo-codes';
import { apiRequest } from '../lib/api-client';

export const fetchPaymentProvider = () =>
  apiRequest('/api/stripe-publishable-key', { schema: publishableKeyResultSchema, auth: false });

interface IntentInput {
  amount: number;
  couponCode?: string;
  details?: PatientDetails;
  language: Language;
}

export const createPaymentIntent = (input: IntentInput) =>
  apiRequest('/api/create-payment-intent', {
    method: 'POST',
    body: { ...input, currency: CURRENCY },
    schema: paymentIntentResultSchema,
    auth: false,
  });

export const updatePaymentIntent = (input: IntentInput & { paymentIntentId: string }) =>
  apiRequest('/api/update-payment-intent', {
    method: 'POST',
    body: { ...input, currency: CURRENCY },
    schema: paymentIntentResultSchema,
    auth: false,
  });

export const validateCoupon = (code: string) =>
  apiRequest('/api/coupons/validate', {
    method: 'POST',
    body: { code: code.trim() },
    schema: validateCouponResultSchema,
    auth: false,
  });

export const redeemCoupon = (code: string, userId: number) =>
  apiRequest('/api/coupons/redeem', {
    method: 'POST',
    body: { code, userId },
    schema: okBodySchema,
  });

export const verifyPayment = (
  input: Partial<PatientDetails> & {
    paymentIntentId?: string;
    couponCode?: string;
    language: Language;
  },
) =>
  apiRequest('/api/verify-payment', {
    method: 'POST',
    body: input,
    schema: authResultSchema,
    auth: false,
  });

export const confirmDemoPayment = (input: {
  paymentIntentId: string;
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  country: string;
}) =>
  apiRequest('/api/demo-payments/confirm', {
    method: 'POST',
    body: input,
    schema: demoConfirmResultSchema,
    auth: false,
  });
