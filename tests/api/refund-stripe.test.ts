import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../src/server/schema';
import { accessCodeFromMail } from '../helpers/browser';
import { chargeRefundedEvent, stripeEnv, useFakeStripe } from '../helpers/fake-stripe';
import { invoicesOf, pdfAttachment } from '../helpers/invoices';
import { readMail } from '../helpers/mail';
import { checkoutRequests, patientDetails } from '../helpers/payments';
import { assessmentById, useAdmin, useTestApp } from '../helpers/test-app';

const WEBHOOK_SECRET = 'whsec_refund_suite';
const fake = useFakeStripe();
const t = useTestApp(() => stripeEnv(fake, 'refunds', WEBHOOK_SECRET));
const admin = useAdmin(t);
const stripe = new Stripe('sk_test_unused');
const checkout = checkoutRequests(t);

/** A card payment at the fake Stripe, verified by the paying browser; its access code mailed. */
async function paidAtStripe(language: 'en' | 'de' = 'en') {
  const mailsBefore = (await t.outbox()).length;
  const details = patientDetails('stripe-refund');
  const created = await checkout.createIntent({ details });
  const intent = created.json<{ paymentIntentId: string; clientSecret: string }>();
  fake.succeed(intent.paymentIntentId);
  expect((await checkout.verify(intent, { language })).statusCode).toBe(200);
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.intentId, intent.paymentIntentId));
  const code = accessCodeFromMail((await t.outbox()).slice(mailsBefore)[0]!)!;
  return { intentId: intent.paymentIntentId, assessmentId: payment!.assessmentId!, code, details };
}

const sendWebhook = (body: string) =>
  t.app.inject({
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

const signIn = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify-access-code', payload: { code } });

const refundRequest = (assessmentId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/assessments/${assessmentId}/refund`,
    headers: admin.headers,
    payload: { reason: 'Booked twice', eraseAnswers: false },
  });

describe('refund through Stripe (the real SDK against the fake Stripe)', () => {
  it('refunds at Stripe, and the charge.refunded echo of it changes nothing', async () => {
    const paid = await paidAtStripe('de');
    const reply = await refundRequest(paid.assessmentId);
    expect(reply.statusCode, reply.body).toBe(200);
    const made = fake.refunds.filter((refund) => refund.payment_intent === paid.intentId);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount).toBe(9900);
    expect(fake.requests).toContain('POST /v1/refunds');

    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, paid.intentId));
    expect(payment).toMatchObject({ refundId: made[0]!.id, refundedBy: admin.id });
    expect((await assessmentById(t.database, paid.assessmentId))!.cancelledAt).not.toBeNull();
    expect((await signIn(paid.code)).statusCode).toBe(401);

    const mailsBefore = (await t.outbox()).length;
    const echo = await sendWebhook(chargeRefundedEvent(fake.intents.get(paid.intentId)!));
    expect(echo.statusCode).toBe(200);
    const invoices = await invoicesOf(t.database.db, paid.assessmentId);
    expect(invoices.map((invoice) => invoice.kind)).toEqual(['invoice', 'cancellation']);
    expect((await t.outbox()).length).toBe(mailsBefore);
  });

  it('cancels on charge.refunded for a refund made in the dashboard, once per event', async () => {
    const paid = await paidAtStripe('en');
    expect((await signIn(paid.code)).statusCode).toBe(200);
    const mailsBefore = (await t.outbox()).length;
    fake.refundInDashboard(paid.intentId);
    const event = chargeRefundedEvent(fake.intents.get(paid.intentId)!);
    expect((await sendWebhook(event)).statusCode).toBe(200);
    expect((await sendWebhook(event)).statusCode).toBe(200);

    const [invoice, cancellation, ...more] = await invoicesOf(t.database.db, paid.assessmentId);
    expect(more).toHaveLength(0);
    expect(cancellation).toMatchObject({ kind: 'cancellation', cancelsInvoiceId: invoice!.id });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, paid.intentId));
    expect(payment!.refundedAt).not.toBeNull();
    expect(payment!.refundedBy).toBeNull();
    expect(payment!.refundId).toBe(
      fake.refunds.find((refund) => refund.payment_intent === paid.intentId)!.id,
    );
    expect((await signIn(paid.code)).statusCode).toBe(401);

    const mails = (await t.outbox()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(readMail(mails[0]!).subject).toBe('Your CMD risk assessment has been refunded');
    expect(pdfAttachment(mails[0]!)?.filename).toBe(`Cancellation-${cancellation!.label}.pdf`);

    // The administrator's view: already refunded, nothing more at Stripe.
    const again = await refundRequest(paid.assessmentId);
    expect(again.statusCode).toBe(409);
    expect(fake.refunds.filter((refund) => refund.payment_intent === paid.intentId)).toHaveLength(
      1,
    );
  });

  it('records a refund Stripe already made when the administrator asks after the dashboard', async () => {
    const paid = await paidAtStripe();
    fake.refundInDashboard(paid.intentId);
    // No webhook yet (delayed): the administrator's refund finds Stripe's and records it.
    const reply = await refundRequest(paid.assessmentId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(fake.refunds.filter((refund) => refund.payment_intent === paid.intentId)).toHaveLength(
      1,
    );
    expect(
      (await sendWebhook(chargeRefundedEvent(fake.intents.get(paid.intentId)!))).statusCode,
    ).toBe(200);
    expect(await invoicesOf(t.database.db, paid.assessmentId)).toHaveLength(2);
  });

  it('ignores a partial refund made in the dashboard', async () => {
    const paid = await paidAtStripe();
    const partial = fake.refundInDashboard(paid.intentId);
    partial.amount = 1000;
    expect(
      (await sendWebhook(chargeRefundedEvent(fake.intents.get(paid.intentId)!))).statusCode,
    ).toBe(200);
    expect(await invoicesOf(t.database.db, paid.assessmentId)).toHaveLength(1);
    expect((await signIn(paid.code)).statusCode).toBe(200);
  });
});
