import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessCode } from '../../src/server/auth/access-codes';
import { totpCode } from '../../src/server/auth/totp';
import { users } from '../../src/server/db/schema';
import {
  accessibilityViolations,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
} from '../helpers/browser';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
  type ServerProcess,
} from '../helpers/server-process';

const run = promisify(execFile);

let browser: Browser;
let server: ServerProcess;
let dataDir: string;
let adminCode: string;
let adminTotpSecret: string;
let patientCode: string;
let patientId: number;

beforeAll(async () => {
  dataDir = await newDataDir();
  // The real command an operator runs, before the server holds the embedded database.
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/admin-create.ts', '--email', 'dentist@practice.example'],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' } },
  );
  adminCode = stdout.trim().split('\n').at(-1)!;
  adminTotpSecret = /secret=([A-Z2-7]+)/.exec(stdout)![1]!;
  const patient = await withDataDirDatabase(dataDir, async (db) => {
    const [user] = await db
      .insert(users)
      .values({ email: 'patient@example.org', firstName: 'Pat', lastName: 'Ient' })
      .returning();
    const { code } = await createAccessCode(db, user!.id);
    return { id: user!.id, code };
  });
  patientCode = patient.code;
  patientId = patient.id;
  server = await startServer({ dataDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await removeDataDir(dataDir);
});

async function signIn(page: Page, code: string) {
  await page
    .getByRole('button', { name: /access code|Zugangscode/ })
    .first()
    .click();
  const field = page.getByLabel(/^(Access code|Zugangscode)/);
  await field.fill(code);
  await page.getByRole('button', { name: /Continue assessment|Bewertung fortsetzen/ }).click();
}

describe('foundation in the browser', () => {
  it('prints the admin access code alone on the last line, after the authenticator enrolment', () => {
    expect(adminCode).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(adminTotpSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('shows the paywall in German for a German browser, with no serious accessibility problems', async () => {
    const context = await newContext(browser, { locale: 'de-DE', baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Willkommen');
    expect(await page.getByText('Sprache').first().isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'foundation-paywall-de-desktop');
    await context.close();
  });

  it('signs an admin in with the masked access-code dialog and opens /admin', async () => {
    const context = await newContext(browser, { locale: 'en-GB', baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'I have an access code' }).click();
    const field = page.getByLabel(/^Access code/);
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show access code' }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide access code' }).click();
    expect(await field.getAttribute('type')).toBe('password');

    await field.fill('WRNG-WRNG-WRNG-WRNG');
    await page.getByRole('button', { name: 'Continue assessment' }).click();
    await page
      .getByText('Invalid assessment code. Please check your email and try again.')
      .waitFor();

    await field.fill(adminCode);
    await page.getByRole('button', { name: 'Continue assessment' }).click();
    // The second factor: the authenticator code enrolled by admin:create.
    await page.getByLabel(/^Authenticator code/).fill(totpCode(adminTotpSecret));
    await page.getByRole('button', { name: 'Continue assessment' }).click();
    await page.waitForURL('**/app');
    for (const name of ['Questions', 'Responses', 'Promo Codes', 'Survey']) {
      await page.getByRole('link', { name }).waitFor();
    }
    await page.getByRole('link', { name: 'Questions' }).click();
    await page.waitForURL('**/admin');
    expect(new URL(page.url()).pathname).toBe('/admin');
    await context.close();
  });

  it('sends a patient to /app, keeps them out of /admin, and logs out with a full reload', async () => {
    const context = await newContext(browser, { locale: 'en-US', baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, patientCode);
    await page.waitForURL('**/app');
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
    await context.close();
  });

  it('saves a language switched in the footer on the server', async () => {
    const context = await newContext(browser, {
      locale: 'en-US',
      baseURL: server.baseUrl,
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, patientCode);
    await page.waitForURL('**/app');
    await page.locator('footer').getByLabel('Language').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.locator('footer').getByLabel('Sprache').waitFor();
    await screenshot(page, 'foundation-app-de-phone');

    // The server now holds the preference: a fresh sign-in comes back in German.
    const reply = await fetch(`${server.baseUrl}/api/verify-access-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: patientCode }),
    });
    const { user } = (await reply.json()) as { user: { id: number; language: string } };
    expect(user.id).toBe(patientId);
    expect(user.language).toBe('de');
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(claims.language).toBe('de');
    await context.close();
  });

  it('restores the session after a reload and clears a corrupt stored user', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, patientCode);
    await page.waitForURL('**/app');
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/app');
    await page.evaluate(() => localStorage.setItem('user', '{not json'));
    await page.goto('/app');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await context.close();
  });
});
