import { fillDetailsForm } from '../helpers/details-form';
import { describe, expect, it } from 'vitest';
import { useE2e } from '../helpers/e2e-fixture';
import { stripeEnv, useFakeStripe } from '../helpers/fake-stripe';
import { patientDetails } from '../helpers/payments';

const fake = useFakeStripe();
const e2e = useE2e({ env: () => stripeEnv(fake, 'e2e') });

describe('paywall with the Stripe provider (offline machine)', () => {
  it('creates the intent at Stripe, loads the Stripe form lazily and explains when Stripe.js is unreachable', async () => {
    const page = await e2e.newPage();
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
  });
});
