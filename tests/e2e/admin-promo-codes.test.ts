import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromoCode } from '../../src/shared/contracts/promo-codes';
import { insertPatient } from '../helpers/admin-seed';
import { insertPromoCode, promoCodeNamed } from '../helpers/payments';
import { dialogScreenshot, TABLET } from '../helpers/admin-browser';
import { chooseLanguage, PHONE, screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';

const e2e = useE2e({
  admin: true,
  seed: async ({ db }) => {
    const patient = await insertPatient(db, {
      email: 'redeemer@example.org',
      firstName: 'Rita',
      lastName: 'Redeemer',
    });
    await insertPromoCode(db, {
      code: 'USEDONCE',
      amountCents: 1500,
      status: 'redeemed',
      redeemedByUserId: patient.userId,
      redeemedAt: new Date(),
    });
    // Active, but its date has passed: it no longer applies.
    await insertPromoCode(db, {
      code: 'LASTYEAR',
      amountCents: 500,
      status: 'active',
      expiresAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
    });
  },
});
let page: Page;
beforeAll(async () => {
  page = await e2e.adminPage({ timeout: 15_000 });
});

const row = (code: string) => page.locator(`[data-testid="promo-row"][data-code="${code}"]`);
const statusOf = (code: string) =>
  row(code).getByTestId('promo-status-chip').getAttribute('data-status');

async function fillDialog(
  dialog: ReturnType<Page['getByRole']>,
  values: { code?: string; amount?: string; status?: string; expires?: string },
) {
  if (values.code !== undefined) await dialog.getByLabel('Promo Code').fill(values.code);
  if (values.amount !== undefined) {
    await dialog.getByLabel('Discount Amount (cents)').fill(values.amount);
  }
  if (values.status !== undefined) {
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: values.status }).click();
  }
  if (values.expires !== undefined) {
    await dialog.getByLabel('Expiration Date').fill(values.expires);
  }
}

describe('an administrator manages promo codes', () => {
  it('shows the table with the redeemed code', async () => {
    await page.goto('/admin/promo-codes');
    await page.getByRole('heading', { name: 'Promo Codes Management' }).waitFor();
    await row('USEDONCE').waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual([
      'Code',
      'Discount',
      'Status',
      'Expires',
      'Created',
      'Redeemed By',
      'Actions',
    ]);
    const text = await row('USEDONCE').textContent();
    expect(text).toContain('€15.00');
    expect(text).toContain('Redeemed');
    expect(text).toContain('redeemer@example.org');
    expect(text).toContain('No expiration');
    expect(await statusOf('LASTYEAR')).toBe('expired');
    expect(await row('LASTYEAR').getByTestId('promo-status-chip').innerText()).toBe('Expired');
  });

  it('creates a code, upper-casing what was typed', async () => {
    await page.getByRole('button', { name: 'Add Promo Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Promo Code' });
    await dialog.waitFor();
    await fillDialog(dialog, { code: 'summer25', amount: '2500' });
    expect(await dialog.getByLabel('Promo Code').inputValue()).toBe('SUMMER25');
    expect(await dialog.textContent()).toContain('= €25.00');
    await dialogScreenshot(page, 'admin-promo-dialog-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('SUMMER25').waitFor();
    expect(await row('SUMMER25').textContent()).toContain('€25.00');
    expect(await row('SUMMER25').textContent()).toContain('No expiration');
    expect(await statusOf('SUMMER25')).toBe('active');
  });

  it('refuses a duplicate code with a clear message', async () => {
    await page.getByRole('button', { name: 'Add Promo Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Promo Code' });
    await fillDialog(dialog, { code: 'Summer25', amount: '100' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain(
      'A promo code "SUMMER25" already exists',
    );
    await dialogScreenshot(page, 'admin-promo-duplicate-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('edits the amount and sets an expiry date', async () => {
    await row('SUMMER25').getByRole('button', { name: 'Edit promo code SUMMER25' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Promo Code' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Discount Amount (cents)').inputValue()).toBe('2500');
    await fillDialog(dialog, { amount: '1999', expires: '2031-06-30T18:00' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row('SUMMER25').textContent()).toContain('€19.99');
    expect(await row('SUMMER25').textContent()).toContain('2031');
  });

  it('expires a code', async () => {
    await row('SUMMER25').getByRole('button', { name: 'Edit promo code SUMMER25' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Promo Code' });
    await fillDialog(dialog, { status: 'Expired' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf('SUMMER25')).toBe('expired');
  });

  it('deletes a code after the confirmation, then locks it', async () => {
    await row('SUMMER25').getByRole('button', { name: 'Delete promo code SUMMER25' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to delete this promo code?',
    });
    await confirm.waitFor();
    await dialogScreenshot(page, 'admin-promo-delete-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf('SUMMER25')).toBe('deleted');
    expect(
      await row('SUMMER25').getByRole('button', { name: 'Edit promo code SUMMER25' }).isDisabled(),
    ).toBe(true);
    expect(
      await row('SUMMER25')
        .getByRole('button', { name: 'Delete promo code SUMMER25' })
        .isDisabled(),
    ).toBe(true);
  });

  it('cannot delete a redeemed code: the button is disabled and the API answers 409', async () => {
    expect(
      await row('USEDONCE')
        .getByRole('button', { name: 'Delete promo code USEDONCE' })
        .isDisabled(),
    ).toBe(true);
    const { status, message } = await page.evaluate(async () => {
      const token = localStorage.getItem('auth_token');
      const headers = { Authorization: `Bearer ${token}` };
      const list = (await (await fetch('/api/admin/coupons', { headers })).json()) as PromoCode[];
      const used = list.find((p) => p.Code === 'USEDONCE')!;
      const reply = await fetch(`/api/admin/coupons/${used.ID}`, { method: 'DELETE', headers });
      return {
        status: reply.status,
        message: ((await reply.json()) as { message: string }).message,
      };
    });
    expect(status).toBe(409);
    expect(message).toBe('Redeemed promo codes cannot be deleted.');
    await screenshot(page, 'admin-promo-codes-1280');
  });

  it('shows colours, euros and German at tablet width', async () => {
    await page.setViewportSize(TABLET);
    await chooseLanguage(page, 'Deutsch');
    await page.getByRole('heading', { name: 'Gutscheincode-Verwaltung' }).waitFor();
    expect(await row('USEDONCE').textContent()).toMatch(/15,00\s€/);
    expect(await row('USEDONCE').textContent()).toContain('Eingelöst');
    const chipClass = await row('USEDONCE').getByTestId('promo-status-chip').getAttribute('class');
    expect(chipClass).toContain('MuiChip-colorPrimary');
    const deletedClass = await row('SUMMER25')
      .getByTestId('promo-status-chip')
      .getAttribute('class');
    expect(deletedClass).toContain('MuiChip-colorError');
    const expired = row('LASTYEAR').getByTestId('promo-status-chip');
    expect(await expired.innerText()).toBe('Abgelaufen');
    expect(await expired.getAttribute('class')).toContain('MuiChip-colorWarning');
    await screenshot(page, 'admin-promo-codes-de-820');
    await page.getByRole('button', { name: 'Gutscheincode hinzufügen' }).click();
    await page.getByRole('dialog', { name: 'Gutscheincode hinzufügen' }).waitFor();
    await dialogScreenshot(page, 'admin-promo-dialog-de-820');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.setViewportSize(PHONE);
    await screenshot(page, 'admin-promo-codes-de-390');
  });

  it('replaces the screen with the error in red when the list cannot be loaded', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.route('**/api/admin/coupons', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The service is briefly unavailable.' }),
      }),
    );
    await page.reload();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Gutscheincodes konnten nicht geladen werden' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The service is briefly unavailable.');
    const color = await alert.getByRole('heading').evaluate((h) => getComputedStyle(h).color);
    expect(color).toBe('rgb(211, 47, 47)');
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'admin-promo-codes-load-error-de-1280');
    await page.unroute('**/api/admin/coupons');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await row('USEDONCE').waitFor();
  });

  it('stored the soft-deleted code', async () => {
    const row = await e2e.stopAndReadDatabase((db) => promoCodeNamed(db, 'SUMMER25'));
    expect(row).toMatchObject({ status: 'deleted', amountCents: 1999 });
    expect(row!.expiresAt).toBeInstanceOf(Date);
  });
});
