import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, offline-safe flags, and a fake camera and microphone so photo and video
 * capture run for real; with `fakeVideo`, the camera plays that Y4M clip instead of its pattern.
 */
export function launchBrowser(fakeVideo?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      ...(fakeVideo ? [`--use-file-for-fake-video-capture=${fakeVideo}`] : []),
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    baseURL: string;
    timezoneId?: string;
  },
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    timezoneId: options.timezoneId,
    viewport: options.viewport ?? DESKTOP,
    baseURL: options.baseURL,
    permissions: ['camera', 'microphone'],
    isMobile: options.viewport?.width === PHONE.width,
    hasTouch: options.viewport?.width === PHONE.width,
  });
}

/** Switches the page's language with the footer's select, as a patient or an admin would. */
export async function chooseLanguage(page: Page, name: 'English' | 'Deutsch'): Promise<void> {
  await page
    .locator('footer')
    .getByRole('combobox', { name: /^(Language|Sprache)$/ })
    .selectOption({ label: name });
}

/**
 * How far the page reaches beyond the window's right edge, in CSS pixels: on a phone anything
 * wider than the screen zooms the whole page out and moves every button under the finger.
 */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Saves a full-page screenshot for a reviewer under test-results/screenshots, and fails on any
 * serious accessibility violation in it: every state worth a picture is one a patient or a
 * dentist meets, so each is checked, not only those a test remembers to check.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // The picture shows what a patient sees once a fade has ended, as the check below does.
  await settledTransitions(page);
  await page.screenshot({ path, fullPage: true });
  const violations = await accessibilityViolations(page);
  if (violations.length > 0)
    throw new Error(`accessibility of "${name}":\n${violations.join('\n')}`);
  return path;
}

/**
 * Waits for running CSS transitions and finite animations (a button's hover or selection fade,
 * a dialog opening) to end: in the middle of a fade, text and background are momentarily closer
 * than in either final state, and axe would report a contrast the patient never sees.
 * Spinners loop forever and are not waited for.
 */
async function settledTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    // A transition's end is handled by a timer of the component (a closing dialog gives the page
    // back to assistive technology then), which may fire just after the animation ends.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  });
}

/**
 * Ids that more than one element of the page carries. A label, a description or an error names
 * its field by id: with two fields of one id, a screen reader (and a click on the label) reaches
 * the wrong one. axe no longer reports duplicate ids of plain fields, so this looks itself.
 */
async function duplicateIds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]'))
      seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
    return [...seen].filter(([, count]) => count > 1).map(([id]) => `duplicate-id: #${id}`);
  });
}

/**
 * Serious and critical accessibility violations of the current page (axe-core), and ids carried
 * by more than one element.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await settledTransitions(page);
  // A control may change state while axe reads the page (the shutter enables when the camera or
  // the pose check is ready): without transitions it shows one real state or the other, never
  // the blend halfway through a fade that no patient reads.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  });
  const results = await new AxeBuilder({ page })
    // Experimental in axe, but WCAG 2.5.3: voice control finds a control by what it shows.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
    .finally(() => page.evaluate(() => document.getElementById('axe-no-transitions')?.remove()));
  return [
    ...results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ...(await duplicateIds(page)),
  ];
}

/** Extracts the access code from an .eml of the outbox (XXXX-XXXX-XXXX-XXXX). */
export function accessCodeFromMail(mail: string): string | undefined {
  return /\b[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\b/.exec(mail)?.[0];
}
