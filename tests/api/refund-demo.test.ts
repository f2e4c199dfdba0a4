import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaUploads, payments, answers } from '../../src/server/schema';
import { accessCodeFromMail } from '../helpers/browser';
import { invoicesOf, paidDemoCheckout, pdfAttachment, pdfText } from '../helpers/invoices';
import { readMail } from '../helpers/mail';
import { checkoutRequests, insertPromoCode, patientDetails } from '../helpers/payments';
import { answerScreener } from '../helpers/seed-answers';
import { seedPhotoAnswer } from '../helpers/seed-media';
import { assessmentById, useAdmin, useTestApp } from '../helpers/test-app';
import { refundFromProvider } from '../../src/server/modules/payments/refund-service';

const t = useTestApp({ PRACTICE_NAME: 'Praxis Dr. Muster', PRACTICE_VAT: 'exempt' });
const admin = useAdmin(t);

const refund = (
  assessmentId: number,
  body: object = { reason: 'Patient changed their mind', eraseAnswers: false },
  headers: Record<string, string> = admin.headers,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/assessments/${assessmentId}/refund`,
    headers: { ...headers, 'accept-language': 'de' },
    payload: body,
  });

const signIn = (code: string) =>
  t.app.inject({ method: 'POST', url: '/api/verify-access-code', payload: { code } });

const paymentOf = async (intentId: string) =>
  (await t.database.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;

describe('refund through the demo provider', () => {
  it('refunds, cancels the assessment, issues a Stornorechnung and mails it; the code no longer signs in', async () => {
    const mailsBefore = (await t.outbox()).length;
    const paid = await paidDemoCheckout(t, { language: 'de', details: patientDetails('storno') });
    const code = accessCodeFromMail((await t.outbox()).slice(mailsBefore)[0]!)!;
    const before = await signIn(code);
    expect(before.statusCode).toBe(200);
    const session = { authorization: `Bearer ${before.json().token}` };

    const reply = await refund(paid.assessmentId);
    expect(reply.statusCode, reply.body).toBe(200);
    const [invoice, cancellation] = await invoicesOf(t.database.db, paid.assessmentId);
    expect(reply.json()).toMatchObject({ cancellationInvoiceId: cancellation!.id });
    expect(cancellation).toMatchObject({
      kind: 'cancellation',
      cancelsInvoiceId: invoice!.id,
      number: expect.any(Number),
      totalCents: -9900,
    });
    expect(cancellation!.number).toBeGreaterThan(invoice!.number);

    const payment = await paymentOf(paid.intentId);
    expect(payment).toMatchObject({
      status: 'refunded',
      refundedBy: admin.id,
      refundReason: 'Patient changed their mind',
    });
    expect(payment.refundId).toMatch(/^re_demo_/);
    expect((await assessmentById(t.database, paid.assessmentId))!.cancelledAt).not.toBeNull();
    // The practice sees it cancelled in the answers view, not as still waiting.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/responses?pageSize=100',
      headers: admin.headers,
    });
    const summary = list
      .json()
      .users.flatMap((u: { accessCodes: { ID: number }[] }) => u.accessCodes)
      .find((c: { ID: number }) => c.ID === paid.assessmentId);
    expect(summary.cancelledAt).toEqual(expect.any(String));

    // A refunded assessment cannot be used again: neither the code nor a session of it.
    const after = await signIn(code);
    expect(after.statusCode).toBe(401);
    const survey = await t.app.inject({
      method: 'GET',
      url: '/api/survey/questions',
      headers: session,
    });
    expect(survey.statusCode).toBe(401);
    const checkoutSession = await t.app.inject({
      method: 'GET',
      url: '/api/me/invoices',
      headers: paid.headers,
    });
    expect(checkoutSession.statusCode).toBe(401);

    const mails = (await t.outbox()).slice(mailsBefore + 1);
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0]!);
    expect(mail.to).toContain(paid.details.email);
    expect(mail.subject).toBe('Ihre CMD-Risikobewertung wurde erstattet');
    expect(mail.text).toContain('vollständig erstattet');
    expect(mail.text).not.toContain('changed their mind');
    const attached = pdfAttachment(mails[0]!);
    expect(attached?.filename).toBe(`Stornorechnung-${cancellation!.label}.pdf`);
    const text = await pdfText(attached!.pdf, 'cancellation-de');
    for (const expected of [
      'Praxis Dr. Muster',
      'Stornorechnung',
      `Rechnungsnummer: ${cancellation!.label}`,
      `Storniert die Rechnung ${invoice!.label} vom`,
      '-99,00 €',
      'Umsatzsteuerfrei gemäß § 4 Nr. 14 UStG',
      'Der Betrag wird auf das verwendete Zahlungsmittel erstattet.',
    ]) {
      expect(text).toContain(expected);
    }

    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit-log?page=1&pageSize=5',
      headers: admin.headers,
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'payment.refund',
      assessmentId: paid.assessmentId,
      detail: 'answers kept',
    });
  });

  it('refunds once: a second request is refused and issues nothing', async () => {
    const paid = await paidDemoCheckout(t);
    expect((await refund(paid.assessmentId)).statusCode).toBe(200);
    const again = await refund(paid.assessmentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Diese Bewertung wurde bereits erstattet.');
    expect(await invoicesOf(t.database.db, paid.assessmentId)).toHaveLength(2);
  });

  it('prints the English cancellation invoice for an English checkout', async () => {
    const paid = await paidDemoCheckout(t, { language: 'en' });
    const reply = await refund(paid.assessmentId);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/invoices/${reply.json().cancellationInvoiceId}/pdf`,
      headers: admin.headers,
    });
    const [invoice] = await invoicesOf(t.database.db, paid.assessmentId);
    const text = await pdfText(pdf.rawPayload, 'cancellation-en');
    expect(text).toContain('Cancellation invoice');
    expect(text).toContain(`Cancels invoice ${invoice!.label} of`);
    expect(text).toContain('-€99.00');
    expect(text).toContain('Exempt from VAT under § 4 No. 14');
  });

  it('keeps or erases the answers and files as the administrator chooses', async () => {
    const kept = await paidDemoCheckout(t);
    const erased = await paidDemoCheckout(t);
    for (const patient of [kept, erased]) {
      await answerScreener(t.database.db, patient, [1, 1, 1]);
      await seedPhotoAnswer(t, patient);
    }
    const { path } = (
      await t.database.db
        .select()
        .from(mediaUploads)
        .where(eq(mediaUploads.assessmentId, erased.assessmentId))
    )[0]!;
    expect((await refund(kept.assessmentId)).statusCode).toBe(200);
    const reply = await refund(erased.assessmentId, { reason: 'Duplicate', eraseAnswers: true });
    expect(reply.statusCode).toBe(200);

    const answerCount = async (assessmentId: number) =>
      (
        await t.database.db
          .select({ n: count() })
          .from(answers)
          .where(eq(answers.assessmentId, assessmentId))
      )[0]!.n;
    expect(await answerCount(kept.assessmentId)).toBe(4);
    expect(await answerCount(erased.assessmentId)).toBe(0);
    const stillThere = await new Promise<boolean>((resolve) => {
      const stream = t.app.deps.media.read(path);
      stream.on('error', () => resolve(false));
      stream.on('data', () => resolve(true));
    });
    expect(stillThere).toBe(false);
  });

  it('names the administrator and erases as asked when the provider’s webhook recorded first', async () => {
    const paid = await paidDemoCheckout(t);
    await answerScreener(t.database.db, paid, [1, 1]);
    const provider = t.app.deps.payments;
    const original = provider.refund;
    // The provider's event arrives between its refund and the request's own record.
    provider.refund = async (intentId) => {
      const made = await original(intentId);
      await refundFromProvider({ ...t.app.deps, log: t.app.log }, intentId);
      return made;
    };
    const mailsBefore = (await t.outbox()).length;
    try {
      const reply = await refund(paid.assessmentId, { reason: 'Phoned', eraseAnswers: true });
      expect(reply.statusCode, reply.body).toBe(200);
    } finally {
      provider.refund = original;
    }
    expect(await paymentOf(paid.intentId)).toMatchObject({
      refundedBy: admin.id,
      refundReason: 'Phoned',
    });
    expect(await invoicesOf(t.database.db, paid.assessmentId)).toHaveLength(2);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(answers)
      .where(eq(answers.assessmentId, paid.assessmentId));
    expect(left!.n).toBe(0);
    expect((await t.outbox()).slice(mailsBefore)).toHaveLength(1);
  });

  it('refuses a refund of a free checkout, of an unknown assessment, and to a patient', async () => {
    await insertPromoCode(t.database.db, { code: 'NULL99', amountCents: 9900 });
    const free = await checkoutRequests(t).post('/api/verify-payment', {
      couponCode: 'NULL99',
      ...patientDetails('free-refund'),
    });
    const [freePayment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.couponCode, 'NULL99'));
    expect(free.statusCode).toBe(200);
    const refused = await refund(freePayment!.assessmentId!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('keine Kartenzahlung');
    expect((await refund(999_999)).statusCode).toBe(404);

    const paid = await paidDemoCheckout(t);
    expect((await refund(paid.assessmentId, undefined, paid.headers)).statusCode).toBe(403);
    const noReason = await refund(paid.assessmentId, { reason: '', eraseAnswers: false });
    expect(noReason.statusCode).toBe(400);
    expect((await paymentOf(paid.intentId)).refundedAt).toBeNull();
  });
});
