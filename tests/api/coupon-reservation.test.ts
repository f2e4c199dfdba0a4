import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, promoCodes } from '../../src/server/schema';
import { COUPON_RESERVATION_MS } from '../../src/server/modules/promo-codes/coupons';
import { paymentIntentEvent, stripeEnv, useFakeStripe } from '../helpers/fake-stripe';
import {
  checkoutRequests,
  insertPromoCode,
  patientDetails,
  promoCodeNamed,
} from '../helpers/payments';
import { useTestApp, type TestApp } from '../helpers/test-app';

/**
 * A single-use discount code discounts one payment: the intent that uses it holds it until it
 * is paid, lets go of it, or is cancelled.
 */
interface Intent {
  paymentIntentId: string;
  clientSecret: string;
  amount: number;
}

/** Checkouts of 49.50 EUR (the price with a half-price code) unless told otherwise. */
function checkout(t: TestApp) {
  const requests = checkoutRequests(t);
  return {
    ...requests,
    create: (couponCode?: string, amount = 4950) =>
      requests.createIntent({ amount, details: patientDetails('reserve'), couponCode }),
    holder: async (code: string) => (await promoCodeNamed(t.database.db, code))!,
  };
}

describe('with the demo provider', () => {
  const t = useTestApp();
  const pay = (intent: Intent) => checkout(t).payByCard(intent);

  it('discounts at most one of five simultaneous checkouts, and the others see "Invalid coupon code"', async () => {
    await insertPromoCode(t.database.db, { code: 'HALF-ONCE', amountCents: 4950 });
    const { create, verify } = checkout(t);
    const replies = await Promise.all(Array.from({ length: 5 }, () => create('HALF-ONCE')));
    const granted = replies.filter((r) => r.statusCode === 200);
    expect(granted).toHaveLength(1);
    for (const refused of replies.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Invalid coupon code');
    }
    // Every intent that exists is paid: only one payment carries the discount.
    for (const reply of granted) expect((await pay(reply.json())).statusCode).toBe(200);
    const discounted = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.couponCode, 'HALF-ONCE'));
    expect(discounted).toHaveLength(1);
    const intent: Intent = granted[0]!.json();
    const verified = await verify(intent);
    expect(verified.statusCode).toBe(200);
    expect((await checkout(t).holder('HALF-ONCE')).status).toBe('redeemed');
    expect((await create('HALF-ONCE')).statusCode).toBe(400);
  });

  it('holds the code for its intent and lets go of it when the patient removes it', async () => {
    await insertPromoCode(t.database.db, { code: 'HOLD-ME', amountCents: 1000 });
    const { create, post, holder } = checkout(t);
    const first = await create(undefined, 9900);
    const firstIntent: Intent = first.json();
    const applied = await post('/api/update-payment-intent', {
      paymentIntentId: firstIntent.paymentIntentId,
      clientSecret: firstIntent.clientSecret,
      amount: 8900,
      couponCode: 'hold-me',
    });
    expect(applied.statusCode).toBe(200);
    expect((await holder('HOLD-ME')).reservedByIntent).toBe(firstIntent.paymentIntentId);
    // Re-applying for the same intent is fine; another checkout is refused.
    const again = await post('/api/update-payment-intent', {
      paymentIntentId: firstIntent.paymentIntentId,
      clientSecret: firstIntent.clientSecret,
      amount: 8900,
      couponCode: 'HOLD-ME',
    });
    expect(again.statusCode).toBe(200);
    expect((await post('/api/coupons/validate', { code: 'HOLD-ME' })).json().valid).toBe(false);
    expect((await create('HOLD-ME', 8900)).statusCode).toBe(400);

    const removed = await post('/api/update-payment-intent', {
      paymentIntentId: firstIntent.paymentIntentId,
      clientSecret: firstIntent.clientSecret,
      amount: 9900,
    });
    expect(removed.statusCode).toBe(200);
    expect((await holder('HOLD-ME')).reservedByIntent).toBeNull();
    expect((await post('/api/coupons/validate', { code: 'HOLD-ME' })).json().valid).toBe(true);
    expect((await create('HOLD-ME', 8900)).statusCode).toBe(200);
  });

  it('after the hold runs out, cancels the abandoned intent before another checkout gets the code', async () => {
    await insertPromoCode(t.database.db, { code: 'ABANDONED', amountCents: 4950 });
    const { create, holder } = checkout(t);
    const abandoned: Intent = (await create('ABANDONED')).json();
    await t.database.db
      .update(promoCodes)
      .set({ reservedAt: new Date(Date.now() - COUPON_RESERVATION_MS - 60_000) })
      .where(eq(promoCodes.code, 'ABANDONED'));
    const next = await create('ABANDONED');
    expect(next.statusCode).toBe(200);
    expect((await holder('ABANDONED')).reservedByIntent).toBe(next.json().paymentIntentId);
    // The abandoned intent can no longer be paid at the discounted price.
    const late = await pay(abandoned);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('payments.intentCanceled');
  });

  it('keeps the code with an intent paid just before its hold ran out', async () => {
    await insertPromoCode(t.database.db, { code: 'PAID-LATE', amountCents: 4950 });
    const { create, holder } = checkout(t);
    const paid: Intent = (await create('PAID-LATE')).json();
    expect((await pay(paid)).statusCode).toBe(200);
    await t.database.db
      .update(promoCodes)
      .set({ reservedAt: new Date(Date.now() - COUPON_RESERVATION_MS - 60_000) })
      .where(eq(promoCodes.code, 'PAID-LATE'));
    expect((await create('PAID-LATE')).statusCode).toBe(400);
    expect((await holder('PAID-LATE')).reservedByIntent).toBe(paid.paymentIntentId);
  });
});

describe('with Stripe (real SDK, local fake Stripe)', () => {
  const WEBHOOK_SECRET = 'whsec_reservation_suite';
  const stripe = new Stripe('sk_test_unused');
  const fake = useFakeStripe();
  const t = useTestApp(() => stripeEnv(fake, 'reservation', WEBHOOK_SECRET));

  it('cancels the stale intent at Stripe before the code moves on', async () => {
    await insertPromoCode(t.database.db, { code: 'STRIPE-HALF', amountCents: 4950 });
    const { create } = checkout(t);
    const first: Intent = (await create('STRIPE-HALF')).json();
    expect((await create('STRIPE-HALF')).statusCode).toBe(400);
    await t.database.db
      .update(promoCodes)
      .set({ reservedAt: new Date(Date.now() - COUPON_RESERVATION_MS - 60_000) })
      .where(eq(promoCodes.code, 'STRIPE-HALF'));
    expect((await create('STRIPE-HALF')).statusCode).toBe(200);
    expect(fake.requests).toContain(`POST /v1/payment_intents/${first.paymentIntentId}/cancel`);
    expect(fake.intents.get(first.paymentIntentId)!.status).toBe('canceled');
  });

  it('lets go of the code when Stripe reports the intent cancelled', async () => {
    await insertPromoCode(t.database.db, { code: 'STRIPE-CANCEL', amountCents: 1000 });
    const { create, holder } = checkout(t);
    const intent: Intent = (await create('STRIPE-CANCEL', 8900)).json();
    fake.intents.get(intent.paymentIntentId)!.status = 'canceled';
    const body = paymentIntentEvent(
      fake.intents.get(intent.paymentIntentId)!,
      'payment_intent.canceled',
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: body,
    });
    expect(reply.statusCode).toBe(200);
    expect((await holder('STRIPE-CANCEL')).reservedByIntent).toBeNull();
    expect((await create('STRIPE-CANCEL', 8900)).statusCode).toBe(200);
  });
});
