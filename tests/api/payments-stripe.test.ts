import Stripe from 'stripe';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, payments, users } from '../../src/server/schema';
import { paymentIntentEvent, stripeEnv, useFakeStripe } from '../helpers/fake-stripe';
import { accessCodeFromMail } from '../helpers/browser';
import { useTestApp } from '../helpers/test-app';
import { insertPromoCode, patientDetails } from '../helpers/payments';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_suite';
const fake = useFakeStripe();
const t = useTestApp(() => stripeEnv(fake, 'suite', WEBHOOK_SECRET));
const stripe = new Stripe('sk_test_unused');

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: '10.1.0.1' });

const createIntent = async (details?: object) => {
  const reply = await post('/api/create-payment-intent', {
    amount: 9900,
    currency: 'eur',
    ...(details ? { details } : {}),
  });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ paymentIntentId: string; clientSecret: string; amount: number }>();
};

/** verify-payment as the paying browser sends it: the intent with its client secret. */
const verify = (intent: { paymentIntentId: string; clientSecret: string }, extra: object = {}) =>
  post('/api/verify-payment', {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    ...extra,
  });

const sendWebhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ??
        stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    },
    payload: body,
  });

const userCount = async (email: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, email.toLowerCase()))
  )[0]!.n;

describe('Stripe provider through the real SDK and a local fake Stripe', () => {
  it('tells the browser the provider and the publishable key', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/stripe-publishable-key' });
    expect(reply.json()).toEqual({ publishableKey: 'pk_test_suite', provider: 'stripe' });
  });

  it('creates an intent at Stripe for the full price and refuses a different amount', async () => {
    const intent = await createIntent();
    expect(intent.paymentIntentId).toMatch(/^pi_/);
    expect(intent.clientSecret).toContain('_secret_');
    expect(fake.intents.get(intent.paymentIntentId)?.amount).toBe(9900);
    expect(fake.intents.get(intent.paymentIntentId)?.currency).toBe('eur');

    const cheap = await post('/api/create-payment-intent', { amount: 100, currency: 'eur' });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().code).toBe('payments.amountMismatch');
  });

  it('updates the amount at Stripe when a coupon is applied, computed by the server', async () => {
    await insertPromoCode(t.database.db, { code: 'SPRING20', amountCents: 2000 });
    const intent = await createIntent();
    const lying = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      amount: 100,
      couponCode: 'spring20',
    });
    expect(lying.statusCode).toBe(400);
    expect(fake.intents.get(intent.paymentIntentId)?.amount).toBe(9900);

    const reply = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      amount: 7900,
      couponCode: ' spring20 ',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().amount).toBe(7900);
    expect(fake.intents.get(intent.paymentIntentId)?.amount).toBe(7900);

    const removed = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      amount: 9900,
    });
    expect(removed.statusCode).toBe(200);
    expect(fake.intents.get(intent.paymentIntentId)?.amount).toBe(9900);
  });

  it('verifies only a succeeded intent, and signs in its browser once', async () => {
    const details = patientDetails('verify');
    const intent = await createIntent();
    const early = await verify(intent, { language: 'en', ...details });
    expect(early.statusCode).toBe(402);

    fake.succeed(intent.paymentIntentId);
    const mailsBefore = (await t.outbox()).length;
    const first = await verify(intent, { language: 'en', ...details });
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email: details.email, firstName: 'Ada' });
    const again = await verify(intent, { language: 'en', ...details });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payments.useAccessCode');
    expect(await userCount(details.email)).toBe(1);
    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(accessCodeFromMail(mails[0]!)).toBeDefined();
    // Stripe was asked for the real state of the intent.
    expect(fake.requests).toContain(`GET /v1/payment_intents/${intent.paymentIntentId}`);
  });

  it('refuses an intent whose paid amount differs from what the server asked', async () => {
    const intent = await createIntent();
    fake.intents.get(intent.paymentIntentId)!.amount = 50;
    fake.succeed(intent.paymentIntentId);
    const reply = await verify(intent, patientDetails('tampered'));
    expect(reply.statusCode).toBe(400);
    expect(await userCount(patientDetails('tampered').email)).toBe(0);
  });

  it('refuses to change an intent without its client secret: the code still goes to the payer', async () => {
    const victim = patientDetails('victim');
    const intent = await createIntent(victim);
    const attacker = { ...victim, email: 'attacker@example.test' };
    // Someone who learnt the intent's id (a log, a shared screen) but not its secret.
    const bare = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      amount: 9900,
      details: attacker,
    });
    expect(bare.statusCode).toBe(400);
    const guessed = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: `${intent.paymentIntentId}_secret_guess`,
      amount: 9900,
      details: attacker,
    });
    expect(guessed.statusCode).toBe(403);
    expect(guessed.json().code).toBe('payments.clientSecretMismatch');

    fake.succeed(intent.paymentIntentId);
    const mailsBefore = (await t.outbox()).length;
    const body = paymentIntentEvent(fake.intents.get(intent.paymentIntentId)!);
    expect((await sendWebhook(body)).statusCode).toBe(200);
    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(victim.email.toLowerCase());
    expect(mails[0]).not.toContain('attacker@example.test');
    expect(await userCount('attacker@example.test')).toBe(0);
  });

  it('fulfils a paid intent from a signed webhook when the patient closed the tab', async () => {
    const details = patientDetails('webhook');
    const intent = await createIntent();
    // Step 0 of the paywall stores the details with the intent.
    const update = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      amount: 9900,
      details,
      language: 'de',
    });
    expect(update.statusCode).toBe(200);
    fake.succeed(intent.paymentIntentId);
    const mailsBefore = (await t.outbox()).length;

    const body = paymentIntentEvent(fake.intents.get(intent.paymentIntentId)!);
    const reply = await sendWebhook(body);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ received: true });
    expect(await userCount(details.email)).toBe(1);
    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(details.email.toLowerCase());

    // Stripe delivers the same event again, and a second event about the same intent.
    expect((await sendWebhook(body)).statusCode).toBe(200);
    const other = paymentIntentEvent(fake.intents.get(intent.paymentIntentId)!);
    expect((await sendWebhook(other)).statusCode).toBe(200);
    expect((await t.outbox()).slice(mailsBefore)).toHaveLength(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, details.email));
    const codes = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.userId, user!.id));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.language).toBe('de');

    // The browser coming back soon after still gets its one session for that assessment,
    // without a second assessment or e-mail.
    const back = await verify(intent, details);
    expect(back.statusCode).toBe(200);
    expect(back.json().user.id).toBe(user!.id);
    expect((await t.outbox()).slice(mailsBefore)).toHaveLength(1);
  });

  it('re-reads the intent from Stripe instead of trusting the event payload', async () => {
    const details = patientDetails('forged');
    const intent = await createIntent(details);
    // The event claims success, but Stripe says the intent is not paid.
    const forged = paymentIntentEvent({
      ...fake.intents.get(intent.paymentIntentId)!,
      status: 'succeeded',
    });
    expect((await sendWebhook(forged)).statusCode).toBe(200);
    expect(await userCount(details.email)).toBe(0);
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.paymentIntentId));
    expect(row!.fulfilledAt).toBeNull();
  });

  it('acts on the state Stripe reports, whatever order events arrive in', async () => {
    const details = patientDetails('order');
    const intent = await createIntent(details);
    // A stale failure event arrives after the patient retried and paid.
    const stale = paymentIntentEvent(
      { ...fake.intents.get(intent.paymentIntentId)!, status: 'requires_payment_method' },
      'payment_intent.payment_failed',
    );
    fake.succeed(intent.paymentIntentId);
    expect((await sendWebhook(stale)).statusCode).toBe(200);
    expect(await userCount(details.email)).toBe(1);
    const late = paymentIntentEvent(fake.intents.get(intent.paymentIntentId)!);
    expect((await sendWebhook(late)).statusCode).toBe(200);
    expect(await userCount(details.email)).toBe(1);
  });

  it('refuses a webhook with a wrong or missing signature', async () => {
    const details = patientDetails('badsig');
    const intent = await createIntent(details);
    fake.succeed(intent.paymentIntentId);
    const body = paymentIntentEvent(fake.intents.get(intent.paymentIntentId)!);
    const wrong = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_wrong',
    });
    const reply = await sendWebhook(body, wrong);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('payments.webhookSignature');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    // A body altered after signing fails too.
    const signed = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
    });
    const altered = await sendWebhook(body.replace('"livemode":false', '"livemode":true'), signed);
    expect(altered.statusCode).toBe(400);
    expect(await userCount(details.email)).toBe(0);
  });

  it('acknowledges event types it does not handle without acting on them', async () => {
    const details = patientDetails('othertype');
    const intent = await createIntent(details);
    fake.succeed(intent.paymentIntentId);
    const body = paymentIntentEvent(fake.intents.get(intent.paymentIntentId)!, 'charge.refunded');
    expect((await sendWebhook(body)).statusCode).toBe(200);
    expect(await userCount(details.email)).toBe(0);
  });

  it('does not let an intent be updated after it was paid', async () => {
    const intent = await createIntent();
    fake.succeed(intent.paymentIntentId);
    await verify(intent, patientDetails('paidupdate'));
    const reply = await post('/api/update-payment-intent', {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      amount: 9900,
    });
    expect(reply.statusCode).toBe(409);
  });
});
