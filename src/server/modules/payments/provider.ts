import type { Language } from '../../../shared/constants';

/** What the server needs to know about a payment intent, read from the provider itself. */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  /** The provider's own status; only "succeeded" fulfils an assessment. */
  status: string;
  amountCents: number;
  currency: string;
}

export interface ProviderRefund {
  id: string;
  amountCents: number;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  language: Language;
}

/**
 * A card payment provider. The server only ever trusts what `retrieveIntent` reports, never an
 * amount or a status sent by the browser or carried in a webhook payload.
 */
export interface PaymentProvider {
  readonly kind: 'stripe' | 'demo';
  /** Sent to the browser; the demo provider has none. */
  readonly publishableKey: string;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  updateIntentAmount(intentId: string, amountCents: number): Promise<ProviderIntent>;
  /** undefined when the provider does not know the intent. */
  retrieveIntent(intentId: string): Promise<ProviderIntent | undefined>;
  /**
   * Cancels an intent that is not paid, so it can never be paid afterwards; returns the intent
   * as it now stands (still "succeeded" if it was paid first), undefined when unknown.
   */
  cancelIntent(intentId: string): Promise<ProviderIntent | undefined>;
  /**
   * Refunds a paid intent in full. Safe to repeat: a second call for the same intent refunds
   * nothing more and answers with the refund already made.
   */
  refund(intentId: string): Promise<ProviderRefund>;
  /**
   * How much of the intent has been refunded (pending refunds included) and the latest refund's
   * id, read from the provider.
   */
  refunded(intentId: string): Promise<{ cents: number; latestRefundId: string | undefined }>;
  /**
   * Verifies a webhook's signature over the raw body and names the event; throws when the
   * signature is wrong. Absent when the provider sends no webhooks (or none are configured).
   */
  parseWebhook?(rawBody: Buffer, signature: string): WebhookEvent;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The intent the event is about, if it is about one (a charge names its intent). */
  intentId: string | undefined;
}
