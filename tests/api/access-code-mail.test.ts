import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessCodeFromMail } from '../helpers/browser';
import type { ReadableMail } from '../helpers/mail';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { startSmtpServer } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A real SMTP listener: the app sends through nodemailer's SMTP transport (SMTP_URL). */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: 'https://cmd.example-praxis.de',
    MAIL_FROM: 'Praxis <praxis@example.org>',
  });
  await insertPromoCode(t.database.db, { code: 'MAILDE', amountCents: 9900 });
  await insertPromoCode(t.database.db, { code: 'MAILEN', amountCents: 9900 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function checkoutAndReceive(code: string, language: 'en' | 'de') {
  const details = patientDetails(`mail-${language}`);
  const before = smtp.received.length;
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { couponCode: code, language, ...details },
  });
  expect(reply.statusCode).toBe(200);
  // The job worker sends it after the reply.
  await t.app.jobs.runDue();
  expect(smtp.received.length).toBe(before + 1);
  const { to, raw, mail } = smtp.received.at(-1)!;
  return { details, envelopeTo: to, raw, mail };
}

async function signInWith(accessCode: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/verify-access-code',
    payload: { code: accessCode },
  });
}

function expectCommon(mail: ReadableMail, raw: string) {
  const code = accessCodeFromMail(mail.text);
  expect(code).toBeDefined();
  expect(mail.html).toContain(code!);
  expect(mail.text).toContain('https://cmd.example-praxis.de/');
  expect(mail.html).toContain('href="https://cmd.example-praxis.de/"');
  expect(raw).toMatch(/^From: Praxis <praxis@example.org>/m);
  return code!;
}

describe('access-code e-mail over SMTP', () => {
  it('sends the German message with the code, the link and the 2 working days note', async () => {
    const { details, envelopeTo, raw, mail } = await checkoutAndReceive('MAILDE', 'de');
    expect(envelopeTo).toEqual([details.email]);
    expect(mail.subject).toBe('Ihr Zugangscode für die CMD-Risikobewertung');
    expect(mail.text).toContain(`Guten Tag Ada ${details.lastName},`);
    expect(mail.text).toContain('Ihr Zugangscode für die CMD-Risikobewertung lautet:');
    expect(mail.text).toContain('In etwa 2 Werktagen');
    expect(mail.text).toContain('Bewertung fortsetzen: https://cmd.example-praxis.de/');
    expect(mail.html).toContain('<html lang="de">');
    const code = expectCommon(mail, raw);
    expect((await signInWith(code)).statusCode).toBe(200);
  });

  it('sends the English message in English', async () => {
    const { mail, raw } = await checkoutAndReceive('MAILEN', 'en');
    expect(mail.subject).toBe('Your access code for the CMD risk assessment');
    expect(mail.text).toContain('Your access code for the CMD risk assessment is:');
    expect(mail.text).toContain('Within about 2 working days');
    expect(mail.text).toContain('Continue your assessment: https://cmd.example-praxis.de/');
    expect(mail.text).not.toMatch(/Werktage|Zugangscode/);
    const code = expectCommon(mail, raw);
    expect((await signInWith(code)).statusCode).toBe(200);
  });
});
