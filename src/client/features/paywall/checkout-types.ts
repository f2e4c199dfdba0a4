import type { Language } from '../../../shared/constants';
import type { PatientDetails, PaymentIntentResult } from '../../../shared/contracts/paywall';

export type CouponStatus = 'idle' | 'validating' | 'valid' | 'invalid';

export interface CouponState {
  status: CouponStatus;
  /** The applied code (upper-case) when valid. */
  code: string;
  discountCents: number;
  error: string | null;
}

export const IDLE_COUPON: CouponState = { status: 'idle', code: '', discountCents: 0, error: null };

/** What a card form needs to take a payment; each provider's form brings its own pay button. */
export interface CardFormProps {
  intent: PaymentIntentResult;
  details: PatientDetails;
  language: Language;
  totalLabel: string;
}

/**
 * Where the patient lands after paying. Stripe gets it without an intent and appends the intent
 * itself; the demo form builds the same URL Stripe would produce.
 */
export function paymentReturnUrl(language: Language, intent?: PaymentIntentResult): string {
  const url = new URL('/payment-success', window.location.origin);
  if (intent) {
    url.searchParams.set('payment_intent', intent.paymentIntentId);
    url.searchParams.set('payment_intent_client_secret', intent.clientSecret);
    url.searchParams.set('redirect_status', 'succeeded');
  }
  url.searchParams.set('language', language);
  return url.toString();
}
