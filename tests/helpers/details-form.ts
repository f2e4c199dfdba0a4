import type { Page } from 'playwright-core';
import type { PatientDetails } from '../../src/shared/contracts/paywall';

/** Types the details form of the paywall and ticks the consent box, as a patient would. */
export async function fillDetailsForm(page: Page, details: PatientDetails): Promise<void> {
  for (const [field, value] of Object.entries(details)) {
    if (typeof value === 'string' && field !== 'consentVersion') {
      await page.getByTestId(`details-${field}`).fill(value);
    }
  }
  if (details.consent) await page.locator('#details-consent').check();
}
