import { fillDetailsForm } from '../helpers/details-form';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessCodeFromMail,
  accessibilityViolations,
  DESKTOP,
  PHONE,
  screenshot,
} from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { readMail } from '../helpers/mail';
import { insertPromoCode, patientDetails, promoCodeNamed } from '../helpers/payments';

const e2e = useE2e({
  seed: async ({ db }) => {
    await insertPromoCode(db, { code: 'FULL99', amountCents: 9900 });
    // One single-use code per screenshot pass: an unpaid checkout holds its code.
    await insertPromoCode(db, { code: 'SPRING20', amountCents: 2000 });
    await insertPromoCode(db, { code: 'SPRING20-DESKTOP', amountCents: 2000 });
  },
});

async function openPaywall(options: { locale?: string; viewport?: typeof DESKTOP } = {}) {
  const page = await e2e.newPage(options);
  await page.goto('/');
  return page;
}

const fillDetails = fillDetailsForm;

async function continueToPayment(page: Page) {
  await click(page.getByRole('button', { name: /Continue to payment|Weiter zur Zahlung/ }));
  await page.getByTestId('pay-button').or(page.getByTestId('free-checkout-button')).waitFor();
}

async function payWithCard(page: Page, card: string) {
  await page.getByTestId('demo-card-number').fill(card);
  await page.getByTestId('demo-card-expiry').fill('12/34');
  await page.getByTestId('demo-card-cvc').fill('123');
  await click(page.getByTestId('pay-button'));
}

/** Clicks with the target in the middle of the screen, clear of the fixed footer. */
async function click(locator: Locator) {
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await locator.click();
}

/** Text with the non-breaking spaces of number formatting made plain. */
const text = async (locator: Locator) => (await locator.textContent())?.replace(/\u00a0/g, ' ');

/** The mails to an address, once the job worker has sent one (it sends after the reply). */
async function mailsTo(email: string) {
  const read = async () =>
    (await e2e.server.outbox()).map(readMail).filter((mail) => mail.to.includes(email));
  await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return read();
}

describe('paywall in the browser with the demo provider', () => {
  it.each([
    ['en-US', 'Welcome to your CMD risk assessment', 'First name'],
    ['de-DE', 'Willkommen zu Ihrer CMD-Risikobewertung', 'Vorname'],
  ])(
    'shows the whole first screen in %s before any script runs',
    async (locale, heading, firstName) => {
      // What a slow phone paints while the scripts are still on their way.
      const context = await e2e.browser.newContext({
        locale,
        javaScriptEnabled: false,
        baseURL: e2e.server.baseUrl,
        viewport: PHONE,
      });
      try {
        const page = await context.newPage();
        await page.goto('/');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        expect(await page.getByLabel(firstName, { exact: false }).first().isVisible()).toBe(true);
        expect(await page.locator('input[name]').count()).toBe(9);
        expect(await page.locator('footer nav a').count()).toBe(4);
      } finally {
        await context.close();
      }
    },
  );

  it('validates the details, pays with 4242..., signs in, and e-mails a working access code', async () => {
    const page = await openPaywall();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome to your CMD risk assessment');
    await expect.poll(() => page.getByTestId('selling-points').isVisible()).toBe(true);
    await screenshot(page, 'paywall-step0-desktop');

    // Every field is required.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(9);
    await expect
      .poll(() => page.getByText('Please give your consent to continue.').count())
      .toBe(1);

    // E-mail format and a date of birth in the future.
    const details = patientDetails('e2e-card');
    await fillDetails(page, { ...details, email: 'ada@', dateOfBirth: '2999-01-01' });
    await expect.poll(() => page.getByText('Please enter a valid email address').count()).toBe(1);
    await expect
      .poll(() => page.getByText('Date of birth cannot be in the future').count())
      .toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'paywall-step0-errors-desktop');
    await page.getByTestId('details-email').fill(details.email);
    await page.getByTestId('details-dateOfBirth').fill(details.dateOfBirth);
    await expect.poll(() => page.getByText('This field is required').count()).toBe(0);

    // A reload keeps what was typed: the prerendered empty form first, then the app renders the
    // kept details over it.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('details-city').inputValue(), { timeout: 15_000 })
      .toBe(details.city);
    expect(await page.getByTestId('details-email').inputValue()).toBe(details.email);
    expect(await page.locator('#details-consent').isChecked()).toBe(true);

    await continueToPayment(page);
    await expect.poll(() => page.getByTestId('pay-button').textContent()).toBe('Pay €99.00');
    expect(await page.getByText('Test mode', { exact: true }).isVisible()).toBe(true);
    // The demo path never loads Stripe's code.
    expect(requested.filter((url) => /StripeCardForm|stripe\.com/.test(url))).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    await payWithCard(page, '4242 4242 4242 4242');
    await page.waitForURL('**/app');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('pending_user_info'))).toBeNull();

    const mails = await mailsTo(details.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your access code for the CMD risk assessment');
    const code = accessCodeFromMail(mails[0]!.text);
    expect(code).toBeDefined();

    // The e-mailed code signs in again after logout.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(e2e.server.baseUrl + '/');
    await page.getByRole('button', { name: 'I have an access code' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Access code' }).fill(code!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/app');
  });

  it('shows the provider message for a declined card and lets the patient retry', async () => {
    const page = await openPaywall();
    const details = patientDetails('e2e-declined');
    await fillDetails(page, details);
    await continueToPayment(page);
    await payWithCard(page, '4000 0000 0000 0002');
    await expect
      .poll(() => page.getByTestId('payment-error').textContent())
      .toBe('Your card was declined.');
    expect(page.url()).toBe(e2e.server.baseUrl + '/');
    expect(await page.getByTestId('pay-button').isEnabled()).toBe(true);
    await payWithCard(page, '4242424242424242');
    await page.waitForURL('**/app');
    expect(await mailsTo(details.email)).toHaveLength(1);
  });

  it('shows "Invalid coupon code" for an unknown promo code', async () => {
    const page = await openPaywall();
    await fillDetails(page, patientDetails('e2e-invalid'));
    await continueToPayment(page);
    await page.getByTestId('coupon-input').fill('NOSUCHCODE');
    await click(page.getByRole('button', { name: 'Apply' }));
    await expect.poll(() => page.getByText('Invalid coupon code').count()).toBe(1);
    await expect.poll(() => page.getByTestId('pay-button').textContent()).toBe('Pay €99.00');
  });

  it('updates the payment intent when a full-price promo code is removed again (SPEC section 4)', async () => {
    const page = await openPaywall();
    const intents: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/(create|update)-payment-intent$/.test(path)) intents.push(path);
    });
    await fillDetails(page, patientDetails('e2e-remove-coupon'));
    await continueToPayment(page);
    await page.getByTestId('coupon-input').fill('FULL99');
    await click(page.getByRole('button', { name: 'Apply' }));
    await page.getByTestId('coupon-applied').waitFor();
    await click(page.getByRole('button', { name: 'Remove' }));
    await expect.poll(() => text(page.getByTestId('pay-button'))).toBe('Pay €99.00');
    expect(intents).toEqual(['/api/create-payment-intent', '/api/update-payment-intent']);
  });

  it('takes a German patient with a full-price promo code to /app without payment', async () => {
    const page = await openPaywall({ locale: 'de-DE' });
    const details = patientDetails('e2e-free');
    await fillDetails(page, details);
    await continueToPayment(page);
    await expect.poll(() => text(page.getByTestId('pay-button'))).toBe('99,00 € bezahlen');
    await page.getByTestId('coupon-input').fill(' full99 ');
    await click(page.getByRole('button', { name: 'Einlösen' }));
    await page.getByTestId('coupon-applied').waitFor();
    expect(await text(page.getByTestId('order-total'))).toContain('0,00 €');
    expect(await page.getByTestId('demo-card-number').count()).toBe(0);
    await click(page.getByTestId('free-checkout-button'));
    await page.waitForURL('**/app');

    const mails = await mailsTo(details.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ihr Zugangscode für die CMD-Risikobewertung');
    expect(mails[0]!.text).toContain('etwa 2 Werktage');

    // The code is used up: the API no longer accepts it.
    const check = await fetch(`${e2e.server.baseUrl}/api/coupons/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'FULL99' }),
    });
    expect(await check.json()).toMatchObject({ valid: false });
  });

  it('looks right on a phone and on the verifying page (screenshots)', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openPaywall({ viewport });
      if (name === 'phone') {
        expect(await page.getByTestId('selling-points').isVisible()).toBe(false);
        await screenshot(page, 'paywall-step0-phone');
      }
      await fillDetails(page, patientDetails(`e2e-shots-${name}`));
      await continueToPayment(page);
      await page
        .getByTestId('coupon-input')
        .fill(name === 'phone' ? 'SPRING20' : 'SPRING20-DESKTOP');
      await click(page.getByRole('button', { name: 'Apply' }));
      await page.getByTestId('coupon-applied').waitFor();
      await expect.poll(() => page.getByTestId('pay-button').textContent()).toBe('Pay €79.00');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `paywall-step1-coupon-${name}`);

      // The success page while verification runs; an unknown intent then falls to the paywall.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/verify-payment', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/payment-success?payment_intent=pi_demo_unknown&language=en');
      await page.getByText('Verifying your payment...').waitFor();
      await screenshot(page, `payment-success-${name}`);
      release();
      await page.waitForURL(e2e.server.baseUrl + '/paywall');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('alert').first().textContent()).toContain(
        'could not confirm your payment',
      );
      await page.context().close();
    }
  });

  it('sends /payment-success without a payment_intent to the paywall', async () => {
    const page = await openPaywall();
    await page.goto('/payment-success');
    await page.waitForURL(e2e.server.baseUrl + '/paywall');
  });

  it('records the promo code as redeemed in the database', async () => {
    const [full, spring] = await e2e.stopAndReadDatabase((db) =>
      Promise.all([promoCodeNamed(db, 'FULL99'), promoCodeNamed(db, 'SPRING20')]),
    );
    expect(full!.status).toBe('redeemed');
    expect(full!.redeemedByUserId).not.toBeNull();
    expect(spring!.status).toBe('active');
  });
});
