import { eq } from 'drizzle-orm';
import { webhookEvents } from '../db/schema';
import { fulfilFromProvider, type PaymentDeps } from './payment-service';
import type { WebhookEvent } from './provider';

/** Provider events this server acts on; anything else is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * Handles a verified provider event at most once per event id. Providers retry and may deliver
 * twice or out of order, so the event only names the intent: its state is re-read from the
 * provider, and fulfilment itself is idempotent. The id is recorded after success, so a failed
 * attempt is retried by the provider.
 */
export async function handleWebhookEvent(deps: PaymentDeps, event: WebhookEvent): Promise<void> {
  if (!HANDLED_EVENTS.has(event.type) || !event.intentId) return;
  const [seen] = await deps.db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, event.id));
  if (seen) return;
  await fulfilFromProvider(deps, event.intentId);
  await deps.db
    .insert(webhookEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing();
}
