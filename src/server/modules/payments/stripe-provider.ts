import Stripe from 'stripe';
import type { PaymentProvider, ProviderIntent } from './provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Only for tests and local mocks, e.g. http://127.0.0.1:4010. */
  apiUrl: string | undefined;
}

export function createStripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
  };
}

/** Card payments through Stripe's Payment Element (SPEC section 1, ARCHITECTURE "Payments"). */
export function createStripeProvider(
  settings: StripeSettings,
  stripe = createStripeClient(settings),
) {
  const provider: PaymentProvider & { stripe: Stripe } = {
    kind: 'stripe',
    publishableKey: settings.publishableKey,
    stripe,
    async createIntent({ amountCents, currency }) {
      const intent = await stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        automatic_payment_methods: { enabled: true },
        metadata: { product: 'cmd-risk-assessment' },
      });
      return toIntent(intent);
    },
    async updateIntentAmount(intentId, amountCents) {
      return toIntent(await stripe.paymentIntents.update(intentId, { amount: amountCents }));
    },
    ...(settings.webhookSecret
      ? {
          parseWebhook(rawBody: Buffer, signature: string) {
            const event = stripe.webhooks.constructEvent(
              rawBody,
              signature,
              settings.webhookSecret!,
            );
            const object = event.data.object as {
              object?: string;
              id?: string;
              payment_intent?: string | { id: string } | null;
            };
            const chargeIntent =
              typeof object.payment_intent === 'string'
                ? object.payment_intent
                : object.payment_intent?.id;
            return {
              id: event.id,
              type: event.type,
              intentId:
                object.object === 'payment_intent'
                  ? object.id
                  : object.object === 'charge'
                    ? chargeIntent
                    : undefined,
            };
          },
        }
      : {}),
    async cancelIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Already paid or already cancelled: Stripe refuses, and the intent says which.
        if ((error as { statusCode?: number }).statusCode === 400) {
          return provider.retrieveIntent(intentId);
        }
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw error;
      }
    },
    async refund(intentId) {
      try {
        // The idempotency key makes a repeated request (a retry, a second click) the same refund.
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, reason: 'requested_by_customer' },
          { idempotencyKey: `refund-${intentId}` },
        );
        return { id: refund.id, amountCents: refund.amount };
      } catch (error) {
        // Refunded already (in the dashboard, say): that refund is the one.
        if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
        const [made] = (await stripe.refunds.list({ payment_intent: intentId, limit: 1 })).data;
        if (!made) throw error;
        return { id: made.id, amountCents: made.amount };
      }
    },
    async refunded(intentId) {
      // Newest first, as Stripe lists them.
      const refunds = (
        await stripe.refunds.list({ payment_intent: intentId, limit: 100 })
      ).data.filter((refund) => refund.status === 'succeeded' || refund.status === 'pending');
      return {
        cents: refunds.reduce((sum, refund) => sum + refund.amount, 0),
        latestRefundId: refunds[0]?.id,
      };
    },
    async retrieveIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return undefined;
        throw error;
      }
    },
  };
  return provider;
}
