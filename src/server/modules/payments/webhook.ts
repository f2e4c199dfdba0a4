import { invalid, notFound } from '../../platform/errors';
import { fulfilFromProvider, type PaymentDeps } from './payment-service';
import { recordWebhookEvent, webhookEventSeen } from './payments-repository';
import type { WebhookEvent } from './provider';
import { refundFromProvider, type RefundDeps } from './refund-service';

type WebhookDeps = PaymentDeps & RefundDeps;

/** Provider events this server acts on; anything else is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
]);

/**
 * Handles a verified provider event at most once per event id. Providers retry and may deliver
 * twice or out of order, so the event only names the intent: its state is re-read from the
 * provider, and fulfilment itself is idempotent. The id is recorded after success, so a failed
 * attempt is retried by the provider.
 */
export async function handleWebhookEvent(deps: WebhookDeps, event: WebhookEvent): Promise<void> {
  if (!HANDLED_EVENTS.has(event.type) || !event.intentId) return;
  if (await webhookEventSeen(deps.db, event.id)) return;
  if (event.type === 'charge.refunded') await refundFromProvider(deps, event.intentId);
  else await fulfilFromProvider(deps, event.intentId);
  await recordWebhookEvent(deps.db, event);
}

/** A webhook request: checks the provider's signature over the raw body, then handles the event. */
export async function receiveWebhook(
  deps: WebhookDeps,
  body: unknown,
  signature: string | string[] | undefined,
): Promise<void> {
  const provider = deps.payments;
  if (!provider.parseWebhook) throw notFound('payments.webhookNotConfigured');
  if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
    throw invalid('payments.webhookSignature');
  }
  let event: WebhookEvent;
  try {
    event = provider.parseWebhook(body, signature);
  } catch {
    throw invalid('payments.webhookSignature');
  }
  await handleWebhookEvent(deps, event);
}
