import type { Page } from 'playwright-core';
import { screenshot } from './browser';
import { createAdmin } from '../../src/server/cli/create-admin';
import type { Db } from '../../src/server/db/client';

export const TABLET = { width: 820, height: 1180 };

export async function seedAdmin(db: Db): Promise<string> {
  const { code } = await createAdmin(db, {
    email: 'admin@practice.example',
    firstName: 'Ada',
    lastName: 'Admin',
  });
  return code;
}

/** Signs in through the access-code dialog of the paywall, as an administrator would. */
export async function signInAsAdmin(page: Page, code: string): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('button', { name: /access code|Zugangscode/i })
    .first()
    .click();
  await page.getByLabel(/^Access code|^Zugangscode/).fill(code);
  await page.getByRole('button', { name: /Continue assessment|fortsetzen/i }).click();
  await page.waitForURL('**/app');
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
