import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/server/modules/accounts/tokens';
import { insertPatient } from '../helpers/admin-seed';
import { accessCodeFromMail, PHONE, DESKTOP, screenshot } from '../helpers/browser';
import { fillDetailsForm } from '../helpers/details-form';
import { useE2e } from '../helpers/e2e-fixture';
import { readMail } from '../helpers/mail';
import { patientDetails } from '../helpers/payments';
import { practiceDay, zoneOnAnotherDay } from '../helpers/practice-day';

const JWT_SECRET = randomBytes(32).toString('base64url');

const e2e = useE2e({
  admin: true,
  env: { JWT_SECRET },
  seed: async ({ db }) => ({
    logout: await insertPatient(db, { email: 'logout@example.org', firstName: 'Lou' }),
    expired: await insertPatient(db, { email: 'expired@example.org', firstName: 'Exa' }),
    erased: await insertPatient(db, { email: 'erased@example.org', firstName: 'Eri' }),
    replaced: await insertPatient(db, { email: 'replaced@example.org', firstName: 'Rea' }),
    twoTabs: await insertPatient(db, { email: 'two-tabs@example.org', firstName: 'Tab' }),
  }),
});

/** Signs in through the paywall's access-code dialog, as a returning patient does. */
async function signIn(page: Page, code: string, language: 'en' | 'de' = 'en'): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('button', {
      name: language === 'de' ? 'Ich habe einen Zugangscode' : 'I have an access code',
    })
    .click();
  await page
    .getByLabel(/^Access code|^Zugangscode/)
    .first()
    .fill(code);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await page.waitForURL('**/app');
}

/** The old session's next request (a reload of the survey) lands on the paywall with the sentence. */
async function landsOnPaywallSaying(page: Page, sentence: string | RegExp): Promise<void> {
  await page.goto('/app');
  await page.waitForURL((url) => url.pathname === '/');
  const notice = page.getByTestId('session-ended');
  await notice.waitFor();
  expect(await notice.innerText()).toMatch(sentence);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
}

/** What the server says to the old token now. */
const refusalOf = (page: Page, token: string) =>
  page.evaluate(async (bearer) => {
    const response = await fetch('/api/survey/questions', {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    return { status: response.status, body: (await response.json()) as { reason?: string } };
  }, token);

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('auth_token') ?? '');

/** A call of the signed-in administrator's page with its token. */
const adminCall = (page: Page, method: string, url: string, body: object) =>
  page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('auth_token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { method, url, body },
  );

describe('a session that ended says so', () => {
  it('logout on one device signs the other out, which says so', async () => {
    const phone = await e2e.newPage({ viewport: PHONE });
    await signIn(phone, e2e.seeded.logout.code);
    const token = await tokenOf(phone);
    const laptop = await e2e.newPage({ viewport: DESKTOP });
    await signIn(laptop, e2e.seeded.logout.code);
    await laptop.getByRole('button', { name: 'Logout' }).first().click();
    await laptop.waitForURL((url) => url.pathname === '/');

    expect(await refusalOf(phone, token)).toMatchObject({
      status: 401,
      body: { reason: 'signed_out' },
    });
    await landsOnPaywallSaying(phone, 'You have been signed out.');
    await screenshot(phone, 'session-ended-signed-out-phone');
    // Said once: the next visit is a plain paywall.
    await phone.reload();
    await phone.getByRole('button', { name: 'I have an access code' }).waitFor();
    expect(await phone.getByTestId('session-ended').count()).toBe(0);
  });

  it('logout in one tab takes the other tab of the browser to the paywall, which says so', async () => {
    const context = await e2e.newContext({ viewport: PHONE });
    const first = await context.newPage();
    await signIn(first, e2e.seeded.twoTabs.code);
    const second = await context.newPage();
    await second.goto('/app');
    await second.getByTestId('question-counter').waitFor();
    await first.getByRole('button', { name: 'Logout' }).first().click();
    // Not left on a survey whose next answer could only fail.
    await second.waitForURL((url) => url.pathname === '/');
    const notice = second.getByTestId('session-ended');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch('You have been signed out.');
  });

  it('an expired token lands on the paywall saying so, in German', async () => {
    const { userId, assessmentId } = e2e.seeded.expired;
    const expired = await createTokenService(JWT_SECRET, -60).sign({
      userId,
      assessmentId,
      email: 'expired@example.org',
      language: 'de',
      isAdmin: false,
      tokenVersion: 0,
      assessmentTokenVersion: 0,
      methods: ['code'],
    });
    const page = await e2e.newPage({ viewport: PHONE, locale: 'de-DE' });
    await page.goto('/');
    expect(await refusalOf(page, expired)).toMatchObject({
      status: 401,
      body: { reason: 'expired' },
    });
    await page.evaluate(
      ({ token, user }) => {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('user', JSON.stringify(user));
      },
      {
        token: expired,
        user: {
          id: userId,
          email: 'expired@example.org',
          firstName: 'Exa',
          lastName: '',
          language: 'de',
          isAdmin: false,
        },
      },
    );
    await landsOnPaywallSaying(page, 'Ihre Sitzung ist abgelaufen.');
    await screenshot(page, 'session-ended-expired-de-phone');
  });

  it('erasure: the session and the code say the assessment was erased', async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await signIn(page, e2e.seeded.erased.code);
    const token = await tokenOf(page);
    const admin = await e2e.adminPage({ viewport: DESKTOP });
    expect(
      await adminCall(admin, 'DELETE', `/api/admin/patients/${e2e.seeded.erased.userId}`, {
        confirmEmail: 'erased@example.org',
      }),
    ).toBe(200);

    expect(await refusalOf(page, token)).toMatchObject({ status: 401, body: { reason: 'erased' } });
    await landsOnPaywallSaying(page, 'Your assessment has been erased');
    // The code too says what became of it, not just "invalid".
    await page.getByRole('button', { name: 'I have an access code' }).click();
    await page.getByLabel(/^Access code/).fill(e2e.seeded.erased.code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').innerText())
      .toContain('Your assessment has been erased');
  });

  it('refund: the session lands on the paywall with the refund date, and the code says so', async () => {
    // A patient abroad, whose own calendar day is not the practice's: the day is the practice's.
    const page = await e2e.newPage({ viewport: PHONE, timezoneId: zoneOnAnotherDay(new Date()) });
    await page.goto('/');
    const details = patientDetails('e2e-session-refund');
    await fillDetailsForm(page, details);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByTestId('demo-card-number').fill('4242 4242 4242 4242');
    await page.getByTestId('demo-card-expiry').fill('12/34');
    await page.getByTestId('demo-card-cvc').fill('123');
    await page.getByTestId('pay-button').click();
    await page.waitForURL('**/app');
    const token = await tokenOf(page);
    const assessmentId = await page.evaluate(() => {
      const payload = localStorage.getItem('auth_token')!.split('.')[1]!;
      return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { acid: number })
        .acid;
    });
    const admin = await e2e.adminPage({ viewport: DESKTOP });
    expect(
      await adminCall(admin, 'POST', `/api/admin/assessments/${assessmentId}/refund`, {
        reason: 'Asked by phone',
        eraseAnswers: false,
      }),
    ).toBe(200);

    const refused = await refusalOf(page, token);
    expect(refused).toMatchObject({ status: 401, body: { reason: 'refunded' } });
    const today = practiceDay(new Date(), 'en-GB');
    await landsOnPaywallSaying(page, `Your assessment was refunded on ${today}`);
    await screenshot(page, 'session-ended-refunded-phone');

    const mails = (await e2e.server.outbox()).map(readMail);
    const code = accessCodeFromMail(mails.find((mail) => mail.to.includes(details.email))!.text)!;
    await page.getByRole('button', { name: 'I have an access code' }).click();
    await page.getByLabel(/^Access code/).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('alert').innerText())
      .toContain(`refunded on ${today}`);
  });

  it("code replacement: the practice's new code ends the old session at once, in German", async () => {
    const page = await e2e.newPage({ viewport: PHONE, locale: 'de-DE' });
    await signIn(page, e2e.seeded.replaced.code, 'de');
    const token = await tokenOf(page);
    const admin = await e2e.adminPage({ viewport: DESKTOP });
    const url = `/api/admin/assessments/${e2e.seeded.replaced.assessmentId}/access-code`;
    expect(await adminCall(admin, 'POST', url, {})).toBe(202);

    expect(await refusalOf(page, token)).toMatchObject({
      status: 401,
      body: { reason: 'code_replaced' },
    });
    await landsOnPaywallSaying(page, 'Ihr Zugangscode wurde durch einen neuen ersetzt');
    await screenshot(page, 'session-ended-code-replaced-de-phone');
  });
});
