import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { totpCode } from '../../src/server/modules/accounts/totp';
import { createAdmin } from '../../src/server/cli/admin-accounts';
import type { Db } from '../../src/server/platform/db/client';

export const TABLET = { width: 820, height: 1180 };

export interface AdminLogin {
  code: string;
  totpSecret: string;
}

export async function seedAdmin(db: Db): Promise<AdminLogin> {
  const { code, totpSecret } = await createAdmin(db, {
    email: 'admin@practice.example',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  return { code, totpSecret };
}

// An authenticator code works once; later sign-ins of the same admin reuse the first session.
const sessions = new Map<string, { token: string; user: string }>();

/**
 * Signs in through the access-code dialog of the paywall with the authenticator code, as an
 * administrator would; further calls for the same admin restore that session in the new page.
 */
export async function signInAsAdmin(page: Page, admin: AdminLogin): Promise<void> {
  await page.goto('/');
  const session = sessions.get(admin.code);
  if (session) {
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('auth_token', token);
      localStorage.setItem('user', user);
    }, session);
    await page.goto('/admin/review');
    return;
  }
  await page
    .getByRole('button', { name: /access code|Zugangscode/i })
    .first()
    .click();
  await page.getByLabel(/^Access code|^Zugangscode/).fill(admin.code);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await page.getByLabel(/^Authenticator/).fill(totpCode(admin.totpSecret));
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  // An administrator starts at the review queue.
  await page.waitForURL('**/admin/review');
  sessions.set(
    admin.code,
    await page.evaluate(() => ({
      token: localStorage.getItem('auth_token') ?? '',
      user: localStorage.getItem('user') ?? '',
    })),
  );
}

/** The signed-in browser's own token, for API checks made as that admin. */
export async function apiAsPage<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (url) => {
    const token = localStorage.getItem('auth_token');
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never };
  }, path);
}

/** Lets dialog transitions finish before a screenshot. */
export async function dialogScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await screenshot(page, name);
}
