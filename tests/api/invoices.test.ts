import { describe, expect, it } from 'vitest';
import { accessCodeFromMail } from '../helpers/browser';
import { allInvoices, invoicesOf, paidDemoCheckout, pdfText } from '../helpers/invoices';
import { readMail } from '../helpers/mail';
import { checkoutRequests, insertPromoCode, patientDetails } from '../helpers/payments';
import { createTestApp, useAdmin, useTestApp } from '../helpers/test-app';

const PRACTICE = {
  PRACTICE_NAME: 'Zahnarztpraxis Dr. Muster',
  PRACTICE_ADDRESS: 'Friedrichstraße 12|10117 Berlin',
  PRACTICE_TAX_NUMBER: '27/123/45678',
  PRACTICE_VAT: 'exempt',
};
const t = useTestApp(PRACTICE);
const admin = useAdmin(t);

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

describe('invoices', () => {
  it('gives 50 simultaneous paid checkouts 50 distinct consecutive invoice numbers', async () => {
    const before = (await allInvoices(t.database.db)).length;
    const paid = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        paidDemoCheckout(t, { details: patientDetails(`rush${i}`) }),
      ),
    );
    const issued = (await allInvoices(t.database.db)).slice(before);
    expect(issued).toHaveLength(50);
    const first = issued[0]!.number;
    expect(issued.map((invoice) => invoice.number)).toEqual(
      Array.from({ length: 50 }, (_, i) => first + i),
    );
    expect(new Set(issued.map((invoice) => invoice.label)).size).toBe(50);
    // One each: every new assessment has exactly its own invoice.
    expect(new Set(issued.map((invoice) => invoice.assessmentId))).toEqual(
      new Set(paid.map((checkout) => checkout.assessmentId)),
    );
    expect(issued.every((invoice) => invoice.totalCents === 9900)).toBe(true);
  });

  it('issues no invoice for a free (100 %) promo-code checkout', async () => {
    await insertPromoCode(t.database.db, { code: 'GRATIS99', amountCents: 9900 });
    const before = (await allInvoices(t.database.db)).length;
    const mailsBefore = (await t.outbox()).length;
    const reply = await checkoutRequests(t).post('/api/verify-payment', {
      couponCode: 'GRATIS99',
      ...patientDetails('gratis'),
    });
    expect(reply.statusCode).toBe(200);
    expect(await allInvoices(t.database.db)).toHaveLength(before);
    const headers = { authorization: `Bearer ${reply.json().token}` };
    expect((await get('/api/me/invoices', headers)).json()).toEqual({ invoices: [] });
    const mail = readMail((await t.outbox()).slice(mailsBefore)[0]!);
    expect(mail.text).not.toMatch(/invoice/i);
  });

  it('tells the patient in the access-code mail how to download the invoice, with no link token', async () => {
    const mailsBefore = (await t.outbox()).length;
    const paid = await paidDemoCheckout(t, { language: 'de' });
    const mail = readMail((await t.outbox()).slice(mailsBefore)[0]!);
    expect(mail.text).toContain('Ihre Rechnung liegt bereit');
    expect(mail.html).toContain('Ihre Rechnung liegt bereit');
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual([`${t.config.publicUrl}/`]);
    const code = accessCodeFromMail(mail.text)!;
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/verify-access-code',
      payload: { code },
    });
    expect(signIn.statusCode).toBe(200);
    const list = await get('/api/me/invoices', { authorization: `Bearer ${signIn.json().token}` });
    const [invoice] = list.json().invoices;
    expect(invoice).toMatchObject({ kind: 'invoice', totalCents: 9900, currency: 'eur' });
    expect((await invoicesOf(t.database.db, paid.assessmentId))[0]!.id).toBe(invoice.id);
  });

  it('prints a German invoice with the practice, the patient, the amount and the § 4 Nr. 14 note', async () => {
    await insertPromoCode(t.database.db, { code: 'ZEHN', amountCents: 1000 });
    const details = patientDetails('rechnung');
    const paid = await paidDemoCheckout(t, {
      details,
      language: 'de',
      couponCode: 'ZEHN',
      amount: 8900,
    });
    const [row] = await invoicesOf(t.database.db, paid.assessmentId);
    const reply = await get(`/api/me/invoices/${row!.id}/pdf`, paid.headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain(`${row!.label}.pdf`);
    const text = await pdfText(reply.rawPayload, 'invoice-de');
    for (const expected of [
      'Zahnarztpraxis Dr. Muster',
      'Friedrichstraße 12',
      'Steuernummer: 27/123/45678',
      'Rechnung',
      `Rechnungsnummer: ${row!.label}`,
      `Ada ${details.lastName}`,
      'Hauptstraße 1',
      '10115 Berlin',
      'CMD-Risikobewertung mit schriftlicher Auswertung',
      '99,00 €',
      'Rabatt (Gutscheincode ZEHN)',
      '-10,00 €',
      '89,00 €',
      'Umsatzsteuerfrei gemäß § 4 Nr. 14 UStG',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/USt\. \d/);
  });

  it('keeps a patient to their own invoices and lets the admin download any, audited', async () => {
    const owner = await paidDemoCheckout(t);
    const other = await paidDemoCheckout(t);
    const [row] = await invoicesOf(t.database.db, owner.assessmentId);
    expect((await get(`/api/me/invoices/${row!.id}/pdf`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/me/invoices/${row!.id}/pdf`, {})).statusCode).toBe(401);
    expect((await get(`/api/admin/invoices/${row!.id}/pdf`, owner.headers)).statusCode).toBe(403);

    const list = await get(`/api/admin/assessments/${owner.assessmentId}/invoices`, admin.headers);
    expect(list.json().invoices.map((invoice: { id: number }) => invoice.id)).toEqual([row!.id]);
    const pdf = await get(`/api/admin/invoices/${row!.id}/pdf`, admin.headers);
    expect(pdf.statusCode).toBe(200);
    const audit = await get('/api/admin/audit-log?page=1&pageSize=5', admin.headers);
    expect(audit.json().entries[0]).toMatchObject({
      action: 'invoice.export',
      assessmentId: owner.assessmentId,
      detail: row!.label,
    });
  });

  it('prints an English invoice with the configured VAT rate included', async () => {
    const vatApp = await createTestApp({
      ...PRACTICE,
      PRACTICE_VAT: '19',
      PRACTICE_VAT_ID: 'DE123456789',
    });
    try {
      const paid = await paidDemoCheckout(vatApp, { language: 'en' });
      const [row] = await invoicesOf(vatApp.database.db, paid.assessmentId);
      const reply = await vatApp.app.inject({
        method: 'GET',
        url: `/api/me/invoices/${row!.id}/pdf`,
        headers: paid.headers,
      });
      const text = await pdfText(reply.rawPayload, 'invoice-en');
      for (const expected of [
        'Invoice',
        `Invoice number: ${row!.label}`,
        'VAT ID: DE123456789',
        'CMD risk assessment with written evaluation',
        '€99.00',
        'Net amount',
        '€83.19',
        'Included VAT 19 %',
        '€15.81',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('4 No. 14');
    } finally {
      await vatApp.close();
    }
  });

  it('says nothing about VAT when the operator has not configured it', async () => {
    const plainApp = await createTestApp();
    try {
      const paid = await paidDemoCheckout(plainApp, { language: 'en' });
      const [row] = await invoicesOf(plainApp.database.db, paid.assessmentId);
      const reply = await plainApp.app.inject({
        method: 'GET',
        url: `/api/me/invoices/${row!.id}/pdf`,
        headers: paid.headers,
      });
      const text = await pdfText(reply.rawPayload, 'invoice-unconfigured');
      expect(text).toContain('€99.00');
      expect(text).not.toMatch(/VAT|UStG/);
    } finally {
      await plainApp.close();
    }
  });
});
