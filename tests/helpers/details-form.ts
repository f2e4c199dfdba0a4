import type { Page } from 'playwright-core';
import type { PatientDetails } from '../../src/shared/contracts/paywall';

const VERSIONS = new Set(['consentVersion', 'termsVersion', 'withdrawalVersion']);

/** Types the details form of the paywall and ticks the boxes, as a patient would. */
export async function fillDetailsForm(page: Page, details: PatientDetails): Promise<void> {
  for (const [field, value] of Object.entries(details)) {
    if (typeof value === 'string' && !VERSIONS.has(field)) {
      await page.getByTestId(`details-${field}`).fill(value);
    }
  }
  if (details.consent) await page.locator('#details-consent').check();
  if (details.terms) await page.locator('#details-terms').check();
  if (details.withdrawalWaiver) await page.locator('#details-withdrawalWaiver').check();
}
