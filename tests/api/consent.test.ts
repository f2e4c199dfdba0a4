import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assessments, payments, users } from '../../src/server/schema';
import { DEFAULT_NOTICE_VERSION, insertPromoCode, patientDetails } from '../helpers/payments';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp();

const rowCount = async () => {
  const [row] = await t.database.db
    .select({
      users: sql<number>`(select count(*)::int from ${users})`,
      codes: sql<number>`(select count(*)::int from ${assessments})`,
      payments: sql<number>`(select count(*)::int from ${payments})`,
    })
    .from(sql`(select 1) as one`);
  return row;
};

const freeCheckout = (details: Record<string, unknown>, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { ...details, couponCode: code, language: 'en' },
  });

describe('consent to processing health data', () => {
  it('is required: a checkout without it gets 400 and creates nothing', async () => {
    await insertPromoCode(t.database.db, { code: 'CONSENT-A', amountCents: 9900 });
    const before = await rowCount();
    const {
      consent: _consent,
      consentVersion: _version,
      ...withoutConsent
    } = patientDetails('no-consent');
    expect((await freeCheckout(withoutConsent, 'CONSENT-A')).statusCode).toBe(400);
    const refused = await freeCheckout(
      { ...patientDetails('declined'), consent: false },
      'CONSENT-A',
    );
    expect(refused.statusCode).toBe(400);
    expect(await rowCount()).toEqual(before);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        amount: 9900,
        currency: 'eur',
        details: { ...patientDetails('x'), consent: false },
      },
    });
    expect(intent.statusCode).toBe(400);
    expect(await rowCount()).toEqual(before);
  });

  it('must be given to the notice in force', async () => {
    await insertPromoCode(t.database.db, { code: 'CONSENT-B', amountCents: 9900 });
    const reply = await freeCheckout(
      { ...patientDetails('stale'), consentVersion: 'old-version' },
      'CONSENT-B',
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/privacy notice has changed/);
  });

  it('is stored with its time and the notice version', async () => {
    await insertPromoCode(t.database.db, { code: 'CONSENT-C', amountCents: 9900 });
    const details = patientDetails('given');
    const started = Date.now();
    const reply = await freeCheckout(details, 'CONSENT-C');
    expect(reply.statusCode).toBe(200);
    const [assessment] = await t.database.db
      .select()
      .from(assessments)
      .where(eq(assessments.email, details.email));
    expect(assessment!.consentVersion).toBe(DEFAULT_NOTICE_VERSION);
    expect(assessment!.consentAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const notice = await t.app.inject({ method: 'GET', url: '/api/privacy-notice' });
    expect(notice.json().version).toBe(DEFAULT_NOTICE_VERSION);
  });
});
