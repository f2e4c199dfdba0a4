import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  DESKTOP,
  horizontalOverflow,
  PHONE,
  screenshot,
} from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';

const e2e = useE2e({ admin: true });

const TEXTS = {
  en: {
    locale: 'en-GB',
    terms: 'I accept the terms and conditions and have read the withdrawal information.',
    waiver:
      'I expressly ask the practice to start the service now, before the withdrawal period ends. I know that my right of withdrawal ends once the service has been fully performed.',
    termsRequired: 'Please accept the terms and conditions to continue.',
    waiverRequired: 'Please confirm that the service may start now to continue.',
    disclaimer: 'A screening, not a diagnosis',
    emergency: 'call 112 (emergency) or 116117',
    footer: ['Imprint', 'Privacy notice', 'Terms', 'Right of withdrawal'],
    headings: {
      '/imprint': 'Imprint',
      '/privacy': 'Privacy notice',
      '/terms': 'Terms and conditions',
      '/withdrawal': 'Withdrawal information',
    },
    submit: 'Continue to payment',
  },
  de: {
    locale: 'de-DE',
    terms:
      'Ich akzeptiere die Allgemeinen Geschäftsbedingungen und habe die Widerrufsbelehrung zur Kenntnis genommen.',
    waiver:
      'Ich verlange ausdrücklich, dass die Praxis sofort, vor Ablauf der Widerrufsfrist, mit der Leistung beginnt. Mir ist bekannt, dass mein Widerrufsrecht erlischt, sobald die Leistung vollständig erbracht ist.',
    termsRequired: 'Bitte akzeptieren Sie die AGB, um fortzufahren.',
    waiverRequired: 'Bitte bestätigen Sie den sofortigen Beginn der Leistung, um fortzufahren.',
    disclaimer: 'Eine Früherkennung, keine Diagnose',
    emergency: 'rufen Sie 112 (Notruf) bzw. 116117',
    footer: ['Impressum', 'Datenschutzhinweise', 'AGB', 'Widerrufsbelehrung'],
    headings: {
      '/imprint': 'Impressum',
      '/privacy': 'Datenschutzhinweise',
      '/terms': 'Allgemeine Geschäftsbedingungen',
      '/withdrawal': 'Widerrufsbelehrung',
    },
    submit: 'Weiter zur Zahlung',
  },
} as const;

const labelOf = async (page: Page, id: string) =>
  (await page.locator(`label:has(#${id})`).textContent())?.trim();

describe('legal texts at checkout and on every page', () => {
  for (const [language, text] of Object.entries(TEXTS)) {
    it(`shows the checkboxes, the disclaimer and the footer links in ${language}`, async () => {
      const page = await e2e.newPage({ locale: text.locale, viewport: PHONE });
      await page.goto('/');
      await page.locator('#details-terms').waitFor();
      expect(await labelOf(page, 'details-terms')).toBe(text.terms);
      expect(await labelOf(page, 'details-withdrawalWaiver')).toBe(text.waiver);
      const disclaimer = page.getByTestId('disclaimer');
      expect(await disclaimer.textContent()).toContain(text.disclaimer);
      expect(await disclaimer.textContent()).toContain(text.emergency);

      // The links in the checkbox open the texts they name.
      const termsLink = page.locator('label:has(#details-terms) a');
      expect(
        await termsLink.evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(['/terms', '/withdrawal']);

      await page.getByRole('button', { name: text.submit }).click();
      await expect.poll(() => page.getByText(text.termsRequired).count()).toBe(1);
      await expect.poll(() => page.getByText(text.waiverRequired).count()).toBe(1);
      await page.locator('#details-terms').scrollIntoViewIfNeeded();
      await screenshot(page, `legal-checkboxes-${language}-phone`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `legal-paywall-top-${language}-phone`);

      const footer = page.locator('footer nav a');
      expect(await footer.allTextContents()).toEqual(text.footer);
      // The fixed footer leaves the page the screen: three rows of links at most (it took five,
      // 135 of 844 px, in German), none cut off.
      const box = await page.locator('footer').boundingBox();
      expect(box!.height).toBeLessThanOrEqual(90);
      expect(await horizontalOverflow(page)).toBe(0);
      for (const [index, [path, heading]] of Object.entries(text.headings).entries()) {
        await page.locator('footer nav a').nth(index).click();
        await page.waitForURL(`**${path}`);
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(heading);
        await screenshot(page, `legal-${path.slice(1)}-${language}-phone`);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  }

  it('keeps the footer links on a signed-in page and at desktop width', async () => {
    const page = await e2e.newPage({ viewport: DESKTOP });
    await page.goto('/withdrawal');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Withdrawal information');
    // The app renders after its scripts load: the links are waited for, not read at once.
    await expect
      .poll(() => page.locator('footer nav a').allTextContents())
      .toEqual(TEXTS.en.footer);
    await screenshot(page, 'legal-withdrawal-en-desktop');
    const admin = await e2e.adminPage({ viewport: PHONE });
    await admin.goto('/admin');
    await expect
      .poll(() => admin.locator('footer nav a').allTextContents())
      .toEqual(TEXTS.en.footer);
    await screenshot(admin, 'legal-footer-admin-phone');
  });
});
