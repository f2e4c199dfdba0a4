import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessCodeFromMail,
  accessibilityViolations,
  DESKTOP,
  PHONE,
  screenshot,
} from '../helpers/browser';
import { insertPatient } from '../helpers/admin-seed';
import { useE2e } from '../helpers/e2e-fixture';
import { readMail } from '../helpers/mail';

const PATIENTS = {
  en: { email: 'lost-code-en@example.org', firstName: 'Ada', lastName: 'Lost', language: 'en' },
  de: {
    email: 'lost-code-de@example.org',
    firstName: 'Jana',
    lastName: 'Vergessen',
    language: 'de',
  },
  byPhone: {
    email: 'lost-by-phone@example.org',
    firstName: 'Paul',
    lastName: 'Telefon',
    language: 'de',
  },
} as const;

const e2e = useE2e({
  admin: true,
  seed: async ({ db }) => ({
    en: await insertPatient(db, PATIENTS.en),
    de: await insertPatient(db, PATIENTS.de),
    byPhone: await insertPatient(db, PATIENTS.byPhone),
  }),
});

const TEXTS = {
  en: {
    open: 'I have an access code',
    forgot: 'Forgot your code?',
    email: 'E-mail address',
    send: 'Send new code',
    sent: 'If a paid assessment exists for this address, we have sent a new code.',
    enterCode: 'Enter the new code',
    code: 'Access code',
    submit: 'Sign in',
    subject: 'Your new access code for the CMD risk assessment',
  },
  de: {
    open: 'Ich habe einen Zugangscode',
    forgot: 'Code vergessen?',
    email: 'E-Mail-Adresse',
    send: 'Neuen Code senden',
    sent: 'Falls für diese Adresse eine bezahlte Bewertung besteht, haben wir einen neuen Code gesendet.',
    enterCode: 'Neuen Code eingeben',
    code: 'Zugangscode',
    submit: 'Anmelden',
    subject: 'Ihr neuer Zugangscode für die CMD-Risikobewertung',
  },
} as const;

/** The mails to an address, once the server's job worker has sent them. */
async function mailsTo(email: string, count: number) {
  const read = async () =>
    (await e2e.server.outbox()).map(readMail).filter((mail) => mail.to.includes(email));
  await expect.poll(async () => (await read()).length, { timeout: 15_000 }).toBe(count);
  return read();
}

/** Waits until the dialog's fade-in is over, so the accessibility check sees final colours. */
async function settledDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element.parentElement!).opacity))
    .toBe('1');
  return dialog;
}

describe.each([
  { language: 'en' as const, locale: 'en-US', viewport: DESKTOP, size: 'desktop' },
  { language: 'de' as const, locale: 'de-DE', viewport: PHONE, size: 'phone' },
])('a lost access code in $language at $size width', ({ language, locale, viewport, size }) => {
  it('asks for a new code by e-mail in the access-code dialog and signs in with it', async () => {
    const text = TEXTS[language];
    const patient = PATIENTS[language];
    const oldCode = e2e.seeded[language].code;
    const page = await e2e.newPage({ locale, viewport });
    await page.goto('/');
    await page.getByRole('button', { name: text.open }).click();
    await settledDialog(page);
    await screenshot(page, `access-code-dialog-${language}-${size}`);
    await page.getByRole('button', { name: text.forgot }).click();

    // Keyboard only: the address field has the focus, Enter sends.
    const email = page.getByLabel(text.email);
    await expect.poll(() => email.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type(patient.email.toUpperCase());
    await screenshot(page, `forgot-code-form-${language}-${size}`);
    await page.keyboard.press('Enter');

    const status = page.getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain(text.sent);
    await screenshot(page, `forgot-code-sent-${language}-${size}`);

    const [mail] = await mailsTo(patient.email, 1);
    expect(mail!.subject).toBe(text.subject);
    const newCode = accessCodeFromMail(mail!.text)!;
    expect(newCode).toBeDefined();

    // Back to the code: the new one opens the survey, and from then on the old one is refused.
    await page.getByRole('button', { name: text.enterCode }).click();
    const codeField = page.getByRole('dialog').getByRole('textbox', { name: text.code });
    // The field is mounted anew in the open dialog: its id must still be its own.
    await codeField.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await codeField.fill(newCode);
    await page.getByRole('button', { name: text.submit }).click();
    await page.waitForURL('**/app');
    const old = await page.evaluate(async (code) => {
      const response = await fetch('/api/verify-access-code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      return { status: response.status, body: (await response.json()) as { reason?: string } };
    }, oldCode);
    expect(old).toMatchObject({ status: 401, body: { reason: 'code_replaced' } });
  });

  it('shows the same confirmation for an address without an assessment, and sends nothing', async () => {
    const text = TEXTS[language];
    const page = await e2e.newPage({ locale, viewport });
    await page.goto('/');
    await page.getByRole('button', { name: text.open }).click();
    await settledDialog(page);
    await page.getByRole('button', { name: text.forgot }).click();
    const before = (await e2e.server.outbox()).length;
    await page.getByLabel(text.email).fill(`nobody-${language}@example.org`);
    await page.getByRole('button', { name: text.send }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 10_000 })
      .toContain(text.sent);
    // The worker polls every 2 seconds: give it time to (not) send.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await e2e.server.outbox()).toHaveLength(before);
  });
});

describe('an administrator sends a new access code', () => {
  it('asks for confirmation, then the patient receives a new code and the old one fails', async () => {
    const patient = PATIENTS.byPhone;
    const seeded = e2e.seeded.byPhone;
    const page = await e2e.adminPage({ viewport: PHONE, timeout: 15_000 });
    await page.goto('/admin/responses');
    const accordion = page.getByTestId('patient-accordion').filter({ hasText: 'Paul Telefon' });
    await accordion.getByRole('button', { name: /Paul Telefon/ }).click();
    await accordion
      .getByRole('button', { name: `Send a new access code #${seeded.assessmentId}` })
      .click();
    const dialog = await settledDialog(page);
    expect(await dialog.textContent()).toContain(`••••-••••-••••-${seeded.code.slice(-4)}`);
    expect(await dialog.textContent()).not.toContain(seeded.code);
    await screenshot(page, 'admin-new-code-dialog-en-phone');
    await dialog.getByRole('button', { name: 'Send new code' }).click();
    await accordion.getByTestId('new-code-sent').waitFor();
    await screenshot(page, 'admin-new-code-sent-en-phone');

    const [mail] = await mailsTo(patient.email, 1);
    // The patient's own language, as the assessment records it.
    expect(mail!.subject).toBe(TEXTS.de.subject);
    const newCode = accessCodeFromMail(mail!.text)!;
    const signIn = (code: string) =>
      page.evaluate(
        async (body) => {
          const response = await fetch('/api/verify-access-code', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          return response.status;
        },
        { code },
      );
    expect(await signIn(seeded.code)).toBe(401);
    expect(await signIn(newCode)).toBe(200);
  });
});
