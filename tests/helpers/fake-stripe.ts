import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  reason: string | null;
  created: number;
}

export interface FakeStripe {
  /** For STRIPE_API_URL, e.g. http://127.0.0.1:43123 */
  url: string;
  intents: Map<string, FakeIntent>;
  /** Every request the SDK made, for assertions ("GET /v1/payment_intents/pi_..."). */
  requests: string[];
  refunds: FakeRefund[];
  /** What the customer's bank would do: the intent is paid. */
  succeed(id: string): void;
  /** A full refund made in Stripe's dashboard, not through the API. */
  refundInDashboard(intentId: string): FakeRefund;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of request) raw += chunk;
  return new URLSearchParams(raw);
}

/**
 * A local stand-in for api.stripe.com that speaks the REST protocol the official SDK uses
 * (form-encoded POST /v1/payment_intents, POST /v1/payment_intents/:id,
 * POST /v1/payment_intents/:id/cancel, GET /v1/payment_intents/:id, POST and GET /v1/refunds
 * with idempotency keys), so tests drive the real
 * `stripe` package.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const requests: string[] = [];
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  const refundedOf = (intentId: string) =>
    refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
  const makeRefund = (intent: FakeIntent, reason: string | null): FakeRefund => {
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount: intent.amount - refundedOf(intent.id),
      currency: intent.currency,
      payment_intent: intent.id,
      status: 'succeeded',
      reason,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(`${request.method} ${url.pathname}`);
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        response.end(JSON.stringify(body));
      };
      if (!/^Bearer sk_test_/.test(request.headers.authorization ?? '')) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      }
      const missing = (id: string) =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such payment_intent: '${id}'`,
            param: 'intent',
          },
        });

      if (url.pathname === '/v1/refunds') {
        if (request.method === 'GET') {
          const intentId = url.searchParams.get('payment_intent');
          const data = refunds.filter((r) => !intentId || r.payment_intent === intentId).reverse();
          return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
        }
        // Stripe answers a repeated idempotency key with the first answer.
        const key = request.headers['idempotency-key'];
        const earlier = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (earlier) return send(200, earlier);
        const form = await readForm(request);
        const target = intents.get(form.get('payment_intent') ?? '');
        if (!target) return missing(form.get('payment_intent') ?? '');
        if (target.status !== 'succeeded') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent does not have a successful charge to refund.',
            },
          });
        }
        if (refundedOf(target.id) >= target.amount) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge ch_${target.id.slice(3)} has already been refunded.`,
            },
          });
        }
        const refund = makeRefund(target, form.get('reason'));
        if (typeof key === 'string') refundsByKey.set(key, refund);
        return send(200, refund);
      }

      const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
      if (!match)
        return send(404, { error: { type: 'invalid_request_error', message: 'Unknown' } });
      const id = match[1];

      if (request.method === 'POST' && !id) {
        const form = await readForm(request);
        const intentId = `pi_${randomBytes(12).toString('hex')}`;
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'eur',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          metadata: {},
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        for (const [key, value] of form) {
          const meta = /^metadata\[(.+)\]$/.exec(key);
          if (meta?.[1]) intent.metadata[meta[1]] = value;
        }
        intents.set(intentId, intent);
        return send(200, intent);
      }
      const intent = id ? intents.get(id) : undefined;
      if (!intent) return missing(id ?? '');
      if (request.method === 'GET') return send(200, intent);
      if (request.method === 'POST' && match[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      if (request.method === 'POST') {
        const form = await readForm(request);
        if (intent.status === 'succeeded') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: 'This PaymentIntent has already succeeded.',
            },
          });
        }
        if (form.has('amount')) intent.amount = Number(form.get('amount'));
        return send(200, intent);
      }
      return send(405, { error: { type: 'invalid_request_error', message: 'Method' } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    refunds,
    refundInDashboard(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`unknown intent ${intentId}`);
      return makeRefund(intent, null);
    },
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`unknown intent ${id}`);
      intent.status = 'succeeded';
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A webhook event body as Stripe sends it, naming an intent. */
export function paymentIntentEvent(
  intent: FakeIntent,
  type = 'payment_intent.succeeded',
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...intent } },
  });
}

/** Stripe's `charge.refunded` event: the intent's charge, refunded in full. */
export function chargeRefundedEvent(
  intent: FakeIntent,
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: 'charge.refunded',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `ch_${intent.id.slice(3)}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: true,
        status: 'succeeded',
      },
    },
  });
}

/** The server settings of the Stripe provider, pointed at a fake Stripe; `tag` names the keys. */
export function stripeEnv(
  fake: Pick<FakeStripe, 'url'>,
  tag: string,
  webhookSecret = `whsec_${tag}`,
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: `sk_test_${tag}`,
    STRIPE_PUBLISHABLE_KEY: `pk_test_${tag}`,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: fake.url,
  };
}

/**
 * A fake Stripe for a test file: started before its tests, closed after them, and after the
 * app or server that a later call sets up on it. The set-up fills the returned object in.
 */
export function useFakeStripe(): FakeStripe {
  const fake = {} as FakeStripe;
  beforeAll(async () => {
    Object.assign(fake, await startFakeStripe());
  });
  afterAll(async () => {
    if ('close' in fake) await fake.close();
  });
  return fake;
}
