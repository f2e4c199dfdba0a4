import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, users } from '../../src/server/schema';
import { accessCodeFromMail } from '../helpers/browser';
import {
  checkoutRequests,
  insertPromoCode,
  patientDetails,
  promoCodeNamed,
} from '../helpers/payments';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp();

const checkout = checkoutRequests(t);
const { post, verify } = checkout;

const createIntent = async (
  details = patientDetails('demo'),
  amount = 9900,
  couponCode?: string,
) => {
  const reply = await checkout.createIntent({ details, amount, couponCode });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ paymentIntentId: string; clientSecret: string; amount: number }>();
};

const confirm = (intent: { paymentIntentId: string; clientSecret: string }, cardNumber: string) =>
  checkout.payByCard(intent, { cardNumber, country: 'DE' });

const usersWithEmail = async (email: string) =>
  t.database.db.select().from(users).where(eq(users.email, email.toLowerCase()));

const promo = async (code: string) => (await promoCodeNamed(t.database.db, code))!;

describe('demo provider', () => {
  it('runs by default with no Stripe configuration', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/stripe-publishable-key' });
    expect(reply.json()).toMatchObject({ provider: 'demo' });
  });

  it('declines 4000 0000 0000 0002 with the provider message and then accepts 4242...', async () => {
    const details = patientDetails('declined');
    const intent = await createIntent(details);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/demo-payments/confirm',
      headers: { 'accept-language': 'de-DE' },
      payload: {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber: '4000 0000 0000 0002',
        expiry: '12/34',
        cvc: '123',
      },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe('Ihre Karte wurde abgelehnt.');
    const notPaid = await verify(intent, details);
    expect(notPaid.statusCode).toBe(402);

    const ok = await confirm(intent, '4242 4242 4242 4242');
    expect(ok.statusCode).toBe(200);
    const verified = await verify(intent, { language: 'en', ...details });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email).toBe(details.email);
  });

  it('checks the card like a provider: number, expiry, security code, client secret', async () => {
    const intent = await createIntent();
    const base = {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    };
    const cases: [object, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'payments.cardNumberInvalid'],
      [{ expiry: '13/30' }, 'payments.cardExpiryInvalid'],
      [{ expiry: '01/20' }, 'payments.cardExpired'],
      [{ cvc: '1' }, 'payments.cardCvcInvalid'],
      [{ clientSecret: `${intent.paymentIntentId}_secret_forged` }, 'payments.intentNotFound'],
    ];
    for (const [change, code] of cases) {
      const reply = await post('/api/demo-payments/confirm', { ...base, ...change });
      expect(reply.json().code, JSON.stringify(change)).toBe(code);
    }
  });

  it('refuses a browser amount that disagrees with the price', async () => {
    const reply = await post('/api/create-payment-intent', { amount: 1, currency: 'eur' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toBe(
      'The amount does not match the current price. Please reload the page.',
    );
  });

  it('gives a returning patient a new assessment under the same address', async () => {
    const details = patientDetails('returning');
    for (let i = 0; i < 2; i++) {
      const intent = await createIntent(details);
      await confirm(intent, '4242424242424242');
      const reply = await verify(intent, { ...details, email: details.email.toUpperCase() });
      expect(reply.statusCode).toBe(200);
    }
    const [user, ...others] = await usersWithEmail(details.email);
    expect(others).toHaveLength(0);
    const codes = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.userId, user!.id));
    expect(codes).toHaveLength(2);
  });

  it('hands out the session of a paid intent once, to the browser that holds its secret', async () => {
    const details = patientDetails('owner');
    const intent = await createIntent(details);
    await confirm(intent, '4242424242424242');
    const withoutSecret = await post('/api/verify-payment', {
      paymentIntentId: intent.paymentIntentId,
      ...details,
    });
    expect(withoutSecret.statusCode).toBe(403);
    expect(withoutSecret.json().message).toMatch(/access code/);
    expect((await verify(intent, details)).statusCode).toBe(200);
    const again = await verify(intent, details);
    expect(again.statusCode).toBe(409);
    expect(again.json().token).toBeUndefined();
  });

  it('never gives admin rights through a payment with an administrator address', async () => {
    const admin = await t.createAdmin();
    const details = { ...patientDetails('admin'), email: admin.email };
    const intent = await createIntent(details);
    await confirm(intent, '4242424242424242');
    const reply = await verify(intent, details);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user.isAdmin).toBe(false);
    const headers = { authorization: `Bearer ${reply.json().token}` };
    const adminApi = await t.app.inject({ method: 'GET', url: '/api/admin/responses', headers });
    expect(adminApi.statusCode).toBe(403);
    const [row] = await usersWithEmail(admin.email);
    expect(row!.lastName).not.toBe(details.lastName);
    expect(row!.isAdmin).toBe(true);
  });
});

describe('promo codes', () => {
  it('validates active codes, trimmed and case-insensitive', async () => {
    await insertPromoCode(t.database.db, { code: 'WELCOME10', amountCents: 1000 });
    const reply = await post('/api/coupons/validate', { code: '  welcome10 ' });
    expect(reply.json()).toEqual({ valid: true, amountCents: 1000 });
  });

  it('answers "Invalid coupon code" for unknown, expired, deleted and redeemed codes', async () => {
    await insertPromoCode(t.database.db, {
      code: 'OLD2020',
      amountCents: 1000,
      expiresAt: new Date('2020-01-01T00:00:00Z'),
    });
    await insertPromoCode(t.database.db, { code: 'GONE', amountCents: 1000, status: 'deleted' });
    await insertPromoCode(t.database.db, { code: 'STALE', amountCents: 1000, status: 'expired' });
    await insertPromoCode(t.database.db, { code: 'USED', amountCents: 1000, status: 'redeemed' });
    for (const code of ['NOPE', 'OLD2020', 'GONE', 'STALE', 'USED']) {
      const reply = await post('/api/coupons/validate', { code });
      expect(reply.json(), code).toEqual({
        valid: false,
        amountCents: 0,
        error: 'Invalid coupon code',
      });
    }
    const german = await post(
      '/api/coupons/validate',
      { code: 'NOPE' },
      { headers: { 'accept-language': 'de' } },
    );
    expect(german.json().error).toBe('Ungültiger Gutscheincode');
  });

  it('limits guessing per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push(
        (await post('/api/coupons/validate', { code: `G${i}` }, { ip: '10.99.0.1' })).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[31]).toBe(429);
  });

  it('counts wrong codes sent to the payment endpoints against the same limit', async () => {
    const ip = '10.99.0.2';
    for (let i = 0; i < 15; i++) {
      const reply = await post(
        '/api/verify-payment',
        { couponCode: `GUESS${i}`, ...patientDetails('guess') },
        { ip },
      );
      expect(reply.json().code).toBe('coupons.invalid');
    }
    for (let i = 0; i < 15; i++) {
      const reply = await post(
        '/api/create-payment-intent',
        { amount: 8900, currency: 'eur', couponCode: `GUESS${i}` },
        { ip },
      );
      expect(reply.json().code).toBe('coupons.invalid');
    }
    const blocked = await post('/api/coupons/validate', { code: 'WELCOME10' }, { ip });
    expect(blocked.statusCode).toBe(429);
  });

  it('gives a free checkout for a code worth the full price, once', async () => {
    await insertPromoCode(t.database.db, { code: 'FREE99', amountCents: 9900 });
    const details = patientDetails('free');
    const mailsBefore = (await t.outbox()).length;
    const reply = await post('/api/verify-payment', {
      couponCode: 'free99',
      language: 'de',
      ...details,
    });
    expect(reply.statusCode).toBe(200);
    const userId = reply.json().user.id;
    const row = await promo('FREE99');
    expect(row.status).toBe('redeemed');
    expect(row.redeemedByUserId).toBe(userId);
    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(accessCodeFromMail(mails[0]!)).toBeDefined();

    const second = await post('/api/verify-payment', {
      couponCode: 'FREE99',
      ...patientDetails('free-again'),
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('Invalid coupon code');
  });

  it('refuses a free checkout with a code that does not cover the price', async () => {
    await insertPromoCode(t.database.db, { code: 'HALF', amountCents: 4950 });
    const reply = await post('/api/verify-payment', {
      couponCode: 'HALF',
      ...patientDetails('half'),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('payments.notFree');
    expect((await promo('HALF')).status).toBe('active');
    // Nor may a card intent be created for a total of 0.
    await insertPromoCode(t.database.db, { code: 'ALLFREE', amountCents: 12000 });
    const intent = await post('/api/create-payment-intent', {
      amount: 0,
      currency: 'eur',
      couponCode: 'ALLFREE',
    });
    expect(intent.statusCode).toBe(400);
  });

  it('redeems the coupon of a paid, discounted intent', async () => {
    await insertPromoCode(t.database.db, { code: 'TEN', amountCents: 1000 });
    const details = patientDetails('discounted');
    const intent = await createIntent(details, 8900, 'ten');
    expect(intent.amount).toBe(8900);
    await confirm(intent, '4242424242424242');
    const reply = await verify(intent, details);
    expect(reply.statusCode).toBe(200);
    const row = await promo('TEN');
    expect(row.status).toBe('redeemed');
    expect(row.redeemedByUserId).toBe(reply.json().user.id);

    // The client's redeem call afterwards is harmless and idempotent.
    const headers = { authorization: `Bearer ${reply.json().token}` };
    const redeem = await post(
      '/api/coupons/redeem',
      { code: 'ten', userId: reply.json().user.id },
      { headers },
    );
    expect(redeem.statusCode).toBe(200);
    expect(redeem.json()).toEqual({ ok: true });
  });

  it('does not let anyone redeem a code their payment did not use', async () => {
    await insertPromoCode(t.database.db, { code: 'NOTYOURS', amountCents: 1000 });
    const patient = await t.createPatient();
    const anonymous = await post('/api/coupons/redeem', { code: 'NOTYOURS', userId: patient.id });
    expect(anonymous.statusCode).toBe(401);
    const own = await post(
      '/api/coupons/redeem',
      { code: 'NOTYOURS', userId: patient.id },
      { headers: patient.headers },
    );
    expect(own.statusCode).toBe(403);
    const other = await t.createPatient();
    const forOther = await post(
      '/api/coupons/redeem',
      { code: 'NOTYOURS', userId: other.id },
      { headers: patient.headers },
    );
    expect(forOther.statusCode).toBe(403);
    expect((await promo('NOTYOURS')).status).toBe('active');
  });
});

describe('concurrency', () => {
  it('creates one assessment, one e-mail and one session for 50 simultaneous verifications', async () => {
    const details = patientDetails('race');
    const intent = await createIntent(details);
    await confirm(intent, '4242424242424242');
    const mailsBefore = (await t.outbox()).length;
    const replies = await Promise.all(Array.from({ length: 50 }, () => verify(intent, details)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const found = await usersWithEmail(details.email);
    expect(found).toHaveLength(1);
    const codes = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.userId, found[0]!.id));
    expect(codes).toHaveLength(1);
    expect((await t.outbox()).slice(mailsBefore)).toHaveLength(1);
  });

  it('lets exactly one of 50 simultaneous free checkouts use a single-use code', async () => {
    await insertPromoCode(t.database.db, { code: 'RACE99', amountCents: 9900 });
    const mailsBefore = (await t.outbox()).length;
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/verify-payment', { couponCode: 'RACE99', ...patientDetails(`racer${i}`) }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    const row = await promo('RACE99');
    expect(row.status).toBe('redeemed');
    const winner = replies.find((r) => r.statusCode === 200)!.json().user.id;
    expect(row.redeemedByUserId).toBe(winner);
    expect((await t.outbox()).slice(mailsBefore)).toHaveLength(1);
    const racers = await t.database.db
      .select({ n: count() })
      .from(assessments)
      .where(eq(assessments.lastName, 'Lovelace racer0'));
    expect(racers[0]!.n).toBeLessThanOrEqual(1);
  });
});
