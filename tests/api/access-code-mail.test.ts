import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { accessCodeFromMail } from '../helpers/browser';
import { readMail, type ReadableMail } from '../helpers/mail';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** A real SMTP listener: the app sends through nodemailer's SMTP transport (SMTP_URL). */
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'https://cmd.example-praxis.de',
    MAIL_FROM: 'Praxis <praxis@example.org>',
  });
  await insertPromoCode(t.database.db, { code: 'MAILDE', amountCents: 9900 });
  await insertPromoCode(t.database.db, { code: 'MAILEN', amountCents: 9900 });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function checkoutAndReceive(code: string, language: 'en' | 'de') {
  const details = patientDetails(`mail-${language}`);
  const before = received.length;
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    payload: { couponCode: code, language, ...details },
  });
  expect(reply.statusCode).toBe(200);
  expect(received.length).toBe(before + 1);
  const message = received.at(-1)!;
  return { details, envelopeTo: message.to, raw: message.raw, mail: readMail(message.raw) };
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
    expect(mail.text).toContain('Das dauert etwa 2 Werktage');
    expect(mail.text).toContain('Bewertung fortsetzen: https://cmd.example-praxis.de/');
    expect(mail.html).toContain('<html lang="de">');
    const code = expectCommon(mail, raw);
    expect((await signInWith(code)).statusCode).toBe(200);
  });

  it('sends the English message in English', async () => {
    const { mail, raw } = await checkoutAndReceive('MAILEN', 'en');
    expect(mail.subject).toBe('Your access code for the CMD risk assessment');
    expect(mail.text).toContain('Your access code for the CMD risk assessment is:');
    expect(mail.text).toContain('This takes about 2 working days');
    expect(mail.text).toContain('Continue your assessment: https://cmd.example-praxis.de/');
    expect(mail.text).not.toMatch(/Werktage|Zugangscode/);
    const code = expectCommon(mail, raw);
    expect((await signInWith(code)).statusCode).toBe(200);
  });
});
