import type { Browser } from 'playwright-core';
import { fillDetailsForm } from '../helpers/details-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../helpers/browser';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { patientDetails } from '../helpers/payments';
import { removeDataDir, startServer, type ServerProcess } from '../helpers/server-process';

let fake: FakeStripe;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_URL: fake.url,
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await removeDataDir(server.dataDir);
  await fake?.close();
});

describe('paywall with the Stripe provider (offline machine)', () => {
  it('creates the intent at Stripe, loads the Stripe form lazily and explains when Stripe.js is unreachable', async () => {
    const context = await newContext(browser, { baseURL: server.baseUrl });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // No internet here: Stripe's script cannot load, as behind a strict firewall.
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await page.goto('/');
    expect(requested.some((url) => /StripeCardForm/.test(url))).toBe(false);

    await fillDetailsForm(page, patientDetails('e2e-stripe'));
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('Failed to initialize payment. Please try again.').waitFor();

    expect(requested.some((url) => /StripeCardForm/.test(url))).toBe(true);
    expect(requested.some((url) => url.startsWith('https://js.stripe.com/'))).toBe(true);
    expect(await page.getByTestId('demo-card-number').count()).toBe(0);
    const intents = [...fake.intents.values()];
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ amount: 9900, currency: 'eur' });
    await context.close();
  });
});
