import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../../src/server/modules/accounts/totp';
import { insertPatient } from '../helpers/admin-seed';
import { accessibilityViolations, chooseLanguage, PHONE, screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { runAdminCreate } from '../helpers/server-process';

let adminCode: string;
let adminTotpSecret: string;
const e2e = useE2e({
  // The real command an operator runs, before the server holds the embedded database.
  prepare: async (dataDir) => {
    ({ code: adminCode, totpSecret: adminTotpSecret } = await runAdminCreate(
      dataDir,
      'dentist@practice.example',
    ));
  },
  seed: async ({ db }) => {
    const patient = await insertPatient(db, {
      email: 'patient@example.org',
      firstName: 'Pat',
      lastName: 'Ient',
    });
    return { patientCode: patient.code, patientId: patient.userId };
  },
});

async function signIn(page: Page, code: string) {
  await page
    .getByRole('button', { name: /access code|Zugangscode/ })
    .first()
    .click();
  const field = page.getByLabel(/^(Access code|Zugangscode)/);
  await field.fill(code);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
}

describe('foundation in the browser', () => {
  it('prints the admin access code alone on the last line, after the authenticator enrolment', () => {
    expect(adminCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(adminTotpSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('shows the paywall in German for a German browser, with no serious accessibility problems', async () => {
    const page = await e2e.newPage({ locale: 'de-DE' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Willkommen');
    expect(await page.getByText('Sprache').first().isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'foundation-paywall-de-desktop');
  });

  it('signs an admin in with the masked access-code dialog and opens /admin', async () => {
    const page = await e2e.newPage({ locale: 'en-GB' });
    await page.goto('/');
    await page.getByRole('button', { name: 'I have an access code' }).click();
    const field = page.getByLabel(/^Access code/);
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show access code' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide access code' }).click();
    expect(await field.getAttribute('type')).toBe('password');

    await field.fill('WRNG-WRNG-WRNG-WRNG');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText('Invalid assessment code. Please check your email and try again.')
      .waitFor();

    await field.fill(adminCode);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The second factor: the authenticator code enrolled by admin:create.
    await page.getByLabel(/^Authenticator code/).fill(totpCode(adminTotpSecret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The dentist starts at the review queue, not in the patients' survey.
    await page.waitForURL('**/admin/review');
    await page.getByRole('heading', { level: 1, name: 'Review queue' }).waitFor();
    expect(await page.getByTestId('question-counter').count()).toBe(0);
    expect(await page.title()).toBe('Review queue – CMD Risk Assessment');
    // Back to the start page while signed in: still the queue.
    await page.goto('/');
    await page.waitForURL('**/admin/review');
    for (const name of ['Questions', 'Responses', 'Promo Codes', 'Survey']) {
      await page.getByRole('link', { name }).waitFor();
    }
    await page.getByRole('link', { name: 'Questions' }).click();
    await page.waitForURL('**/admin');
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('names each page in the tab title, in the page language (WCAG 2.4.2)', async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    const titles: Record<string, [string, string]> = {
      '/': [
        'Start your assessment – CMD Risk Assessment',
        'Bewertung starten – CMD-Risikobewertung',
      ],
      '/imprint': ['Imprint – CMD Risk Assessment', 'Impressum – CMD-Risikobewertung'],
      '/privacy': [
        'Privacy notice – CMD Risk Assessment',
        'Datenschutzhinweise – CMD-Risikobewertung',
      ],
    };
    for (const [path, [en, de]] of Object.entries(titles)) {
      await page.goto(path);
      await expect.poll(() => page.title()).toBe(en);
      await chooseLanguage(page, 'Deutsch');
      await expect.poll(() => page.title()).toBe(de);
      await chooseLanguage(page, 'English');
    }
    // The footer carries the copyright line with the year (SPEC section 2, App shell).
    expect(await page.getByTestId('copyright').innerText()).toBe(
      `© ${new Date().getFullYear()} CMD Risk Assessment`,
    );
  });

  it('sends a patient to /app, keeps them out of /admin, and logs out with a full reload', async () => {
    const page = await e2e.newPage({ locale: 'en-US' });
    await page.goto('/');
    await signIn(page, e2e.seeded.patientCode);
    await page.waitForURL('**/app');
    // Once the header is drawn, an admin's links would be in it.
    await page.getByRole('button', { name: 'Logout' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Questions' }).count()).toBe(0);

    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/app' || url.pathname === '/');
    expect(['/', '/app']).toContain(new URL(page.url()).pathname);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    await page.goto('/some/unknown/path');
    await page.waitForURL('**/app');

    const navigation = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await navigation;
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByRole('button', { name: 'I have an access code' }).waitFor();
  });

  it('saves a language switched in the footer on the server', async () => {
    const page = await e2e.newPage({ locale: 'en-US', viewport: PHONE });
    await page.goto('/');
    await signIn(page, e2e.seeded.patientCode);
    await page.waitForURL('**/app');
    await chooseLanguage(page, 'Deutsch');
    await page.locator('footer').getByLabel('Sprache').waitFor();
    await screenshot(page, 'foundation-app-de-phone');

    // The server now holds the preference: a fresh sign-in comes back in German.
    const reply = await fetch(`${e2e.server.baseUrl}/api/verify-access-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: e2e.seeded.patientCode }),
    });
    const { user } = (await reply.json()) as { user: { id: number; language: string } };
    expect(user.id).toBe(e2e.seeded.patientId);
    expect(user.language).toBe('de');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(claims.language).toBe('de');
  });

  it('restores the session after a reload and clears a corrupt stored user', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await signIn(page, e2e.seeded.patientCode);
    await page.waitForURL('**/app');
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/app');
    await page.evaluate(() => localStorage.setItem('user', '{not json'));
    await page.goto('/app');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});
