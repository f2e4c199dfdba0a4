import { CURRENCY, type Language } from '../../../shared/constants';
import type { AuthResult } from '../../../shared/contracts/common';
import type {
  PatientDetails,
  PaymentIntentResult,
  PublishableKeyResult,
  DemoConfirmResult,
} from '../../../shared/contracts/paywall';
import type { LegalPageBody, LegalPageName } from '../../../shared/contracts/legal';
import type { PrivacyNoticeBody } from '../../../shared/contracts/privacy';
import type { ValidateCouponResult } from '../../../shared/contracts/promo-codes';
import { apiRequest } from '../../lib/api-client';

// The paywall loads before anything else, so its calls are typed by the shared contracts but
// not re-parsed here: the server already checks every reply against the same schemas.

/** The privacy notice in force; consent given at checkout names its version. */
export const fetchPrivacyNotice = () =>
  apiRequest<PrivacyNoticeBody>('/api/privacy-notice', { auth: false });

/** The terms or the withdrawal information in force; agreeing at checkout names its version. */
export const fetchLegalPage = (page: LegalPageName) =>
  apiRequest<LegalPageBody>(`/api/legal/${page}`, { auth: false });

export const fetchPaymentProvider = () =>
  apiRequest<PublishableKeyResult>('/api/stripe-publishable-key', { auth: false });

interface IntentInput {
  amount: number;
  couponCode?: string;
  details?: PatientDetails;
  language: Language;
}

export const createPaymentIntent = (input: IntentInput) =>
  apiRequest<PaymentIntentResult>('/api/create-payment-intent', {
    method: 'POST',
    body: { ...input, currency: CURRENCY },
    auth: false,
  });

export const updatePaymentIntent = (
  input: IntentInput & { paymentIntentId: string; clientSecret: string },
) =>
  apiRequest<PaymentIntentResult>('/api/update-payment-intent', {
    method: 'POST',
    body: { ...input, currency: CURRENCY },
    auth: false,
  });

export const validateCoupon = (code: string) =>
  apiRequest<ValidateCouponResult>('/api/coupons/validate', {
    method: 'POST',
    body: { code: code.trim() },
    auth: false,
  });

export const redeemCoupon = (code: string, userId: number) =>
  apiRequest<{ ok: true }>('/api/coupons/redeem', {
    method: 'POST',
    body: { code, userId },
  });

export const verifyPayment = (
  input: Partial<PatientDetails> & {
    paymentIntentId?: string;
    clientSecret?: string;
    couponCode?: string;
    language: Language;
  },
) =>
  apiRequest<AuthResult>('/api/verify-payment', {
    method: 'POST',
    body: input,
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
  apiRequest<DemoConfirmResult>('/api/demo-payments/confirm', {
    method: 'POST',
    body: input,
    auth: false,
  });
