import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodes, promoCodes, users } from '../../src/server/db/schema';
import type { MailMessage } from '../../src/server/mail/mailer';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A mail server that is down until the test brings it back. */
const sent: MailMessage[] = [];
let mailDown = true;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      mailer: {
        async send(message) {
          if (mailDown)
            throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          sent.push(message);
        },
      },
    },
  );
});
afterAll(() => t.close());

describe('fulfilment when the access-code e-mail cannot be sent', () => {
  it('keeps nothing, so a retry (browser or webhook) fulfils and e-mails once the mail works', async () => {
    await insertPromoCode(t.database.db, { code: 'MAILDOWN', amountCents: 9900 });
    const details = patientDetails('maildown');
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/verify-payment',
        payload: { couponCode: 'MAILDOWN', ...details },
      });

    const failed = await checkout();
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await t.database.db.select().from(users).where(eq(users.email, details.email))).toEqual(
      [],
    );
    const [code] = await t.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.code, 'MAILDOWN'));
    expect(code!.status).toBe('active');

    mailDown = false;
    const ok = await checkout();
    expect(ok.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(details.email);
    const codes = await t.database.db
      .select()
      .from(accessCodes)
      .where(eq(accessCodes.userId, ok.json().user.id));
    expect(codes).toHaveLength(1);
  });
});
