import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/platform/db/client';
import { insertPatientAtFirst } from '../helpers/admin-seed';
import { accessibilityViolations, PHONE } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import {
  currentNumber,
  LABELS,
  photoShutter,
  shot,
  signIn,
  takePhotoAnyHow,
  type Lang,
} from '../helpers/survey-browser';

/** A patient at the first question of `type`, told apart from the file's others by `tag`. */
async function seenUntilFirst(db: Db, type: 'photo' | 'text', language: Lang, tag: string) {
  const email = `as-you-go-${tag}@example.org`;
  return (await insertPatientAtFirst(db, type, { email, language })).code;
}

/** The camera-in-view cases: language and window. */
const CAMERA_CASES = [
  ['en', PHONE],
  ['de', PHONE],
  ['en', { width: 1440, height: 900 }],
] as const;
const cameraCase = (language: Lang, width: number) => `photo-${language}-${width}`;

// One server; each test has its own patient, at the question it needs.
const e2e = useE2e({
  seed: async ({ db }) => {
    const atPhoto = new Map<string, string>();
    for (const [language, { width }] of CAMERA_CASES) {
      const tag = cameraCase(language, width);
      atPhoto.set(tag, await seenUntilFirst(db, 'photo', language, tag));
    }
    return {
      atPhoto,
      atText: {
        en: await seenUntilFirst(db, 'text', 'en', 'text-en'),
        de: await seenUntilFirst(db, 'text', 'de', 'text-de'),
      },
      header: await seenUntilFirst(db, 'text', 'de', 'header-de'),
      firstQuestion: await seenUntilFirst(db, 'text', 'en', 'first-question'),
      longText: await seenUntilFirst(db, 'text', 'de', 'long-text'),
    };
  },
});

/** Where an element is against the visible part of the page (the fixed footer excluded). */
async function placeInViewport(page: Page, testId: string | { role: 'button'; name: string }) {
  const target =
    typeof testId === 'string'
      ? page.getByTestId(testId)
      : page.getByRole(testId.role, { name: testId.name });
  const box = (await target.boundingBox())!;
  const view = page.viewportSize()!;
  const footerTop = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().top);
  return {
    top: box.y,
    bottom: box.y + box.height,
    visibleBottom: Math.min(view.height, footerTop),
  };
}

describe('the camera in view', () => {
  for (const [language, viewport] of CAMERA_CASES) {
    it(`at ${viewport.width}x${viewport.height} (${language}) the shutter button and the whole preview are on screen when a photo question opens`, async () => {
      const L = LABELS[language];
      const code = e2e.seeded.atPhoto.get(cameraCase(language, viewport.width))!;
      const page = await e2e.newPage({
        locale: language === 'de' ? 'de-DE' : 'en-US',
        viewport,
      });
      await signIn(page, L, code);
      expect(await page.getByTestId('question-type').innerText()).toBe(L.types.photo);
      // "Take photo", or "Take anyway" while the capture check sees no face in the fake camera.
      const shutter = await photoShutter(page, L);
      const shutterName = (await shutter.innerText()).trim();
      // The page scrolls itself to the camera: the patient holding a pose scrolls nothing.
      await expect
        .poll(async () => {
          const button = await placeInViewport(page, { role: 'button', name: shutterName });
          const camera = await placeInViewport(page, 'camera-video');
          return (
            button.top >= 0 &&
            button.bottom <= button.visibleBottom &&
            camera.top >= 0 &&
            camera.bottom <= camera.visibleBottom
          );
        })
        .toBe(true);
      await page.screenshot({
        path: `test-results/screenshots/camera-in-view-${language}-${viewport.width}.png`,
      });
      expect(await accessibilityViolations(page)).toEqual([]);

      // Moving to the next photo question brings its camera into view again.
      // Whichever shutter is there now: the check may have started since.
      await takePhotoAnyHow(page, L);
      await page.getByTestId('media-uploaded').waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: L.next }).click();
      await expect
        .poll(
          async () => {
            const button = await placeInViewport(page, { role: 'button', name: L.takePhoto });
            return button.top >= 0 && button.bottom <= button.visibleBottom;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await shot(page, `camera-in-view-${language}-${viewport.width}-second`);
    }, 120_000);
  }
});

const AS_YOU_GO = {
  en: {
    unanswered: /This question is required/,
    later: 'Answer later',
    back: 'Back',
    dot: {
      skipped: (n: number) => `Question ${n}: required, not answered yet`,
      answered: (n: number) => `Question ${n}: answered`,
      current: (n: number) => `Question ${n}: on screen`,
    },
  },
  de: {
    unanswered: /Diese Frage ist eine Pflichtfrage/,
    later: 'Später beantworten',
    back: 'Zurück',
    dot: {
      skipped: (n: number) => `Frage ${n}: Pflichtfrage, noch nicht beantwortet`,
      answered: (n: number) => `Frage ${n}: beantwortet`,
      current: (n: number) => `Frage ${n}: aktuelle Frage`,
    },
  },
} as const;

describe('required questions as you go', () => {
  for (const language of ['en', 'de'] as const) {
    it(`Next on an unanswered required question says so, goes on only on purpose, and the dots tell answered, skipped and current apart (${language})`, async () => {
      const L = LABELS[language];
      const A = AS_YOU_GO[language];
      const code = e2e.seeded.atText[language];
      const page = await e2e.newPage({
        locale: language === 'de' ? 'de-DE' : 'en-US',
        viewport: PHONE,
      });
      await signIn(page, L, code);
      const counter = page.getByTestId('question-counter');
      const dot = (name: string) => page.getByTestId('progress-dots').getByRole('img', { name });
      expect(await counter.innerText()).toBe(L.counter(1));
      expect(await page.getByTestId('question-required').count()).toBe(1);

      // Next without an answer: the question says it is required and stays.
      await page.getByRole('button', { name: L.next }).click();
      const warning = page.getByTestId('required-unanswered');
      await warning.waitFor();
      expect(await warning.innerText()).toMatch(A.unanswered);
      expect(await counter.innerText()).toBe(L.counter(1));
      await shot(page, `required-as-you-go-${language}-390-warning`);

      // Next again goes on on purpose; the dot of question 1 now says it still needs an answer.
      await page.getByRole('button', { name: L.next }).click();
      await expect.poll(() => counter.innerText()).toBe(L.counter(2));
      expect(await warning.count()).toBe(0);
      await dot(A.dot.skipped(1)).waitFor();
      expect(await dot(A.dot.current(2)).getAttribute('aria-current')).toBe('step');

      // An answered question's dot says so.
      await page.getByRole('radio').nth(1).check();
      await page.getByRole('button', { name: L.next }).click();
      await expect.poll(() => counter.innerText()).toBe(L.counter(3));
      await dot(A.dot.answered(2)).waitFor();

      // "Answer later" in the warning goes on as well.
      await page.getByRole('button', { name: L.next }).click();
      await warning.waitFor();
      await page.getByRole('button', { name: A.later }).click();
      await expect.poll(() => counter.innerText()).toBe(L.counter(4));
      await dot(A.dot.skipped(3)).waitFor();
      // Nothing of the dots (their hidden names included) widens the page on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      await shot(page, `required-as-you-go-${language}-390-dots`);

      // Coming back and answering turns the warning dot into an answered one.
      for (let n = 4; n > 1; n--) {
        await page.getByRole('button', { name: A.back }).click();
        await expect.poll(() => counter.innerText()).toBe(L.counter(n - 1));
      }
      await page.getByRole('textbox').fill('Jaw pain since spring');
      await page.getByRole('button', { name: L.next }).click();
      await expect.poll(() => counter.innerText()).toBe(L.counter(2));
      await dot(A.dot.answered(1)).waitFor();
    }, 120_000);
  }
});

describe('a long text answer', () => {
  it('counts what is left near the limit and says when a paste was cut there, in German', async () => {
    const page = await e2e.newPage({ locale: 'de-DE', viewport: PHONE });
    await signIn(page, LABELS.de, e2e.seeded.longText);
    const field = page.getByRole('textbox');
    const count = page.getByTestId('text-count');
    await field.fill('Kiefer knackt. '.repeat(100));
    expect(await count.count()).toBe(0);
    await field.fill('a'.repeat(4_600));
    await expect.poll(() => count.innerText()).toBe('Noch 400 Zeichen');
    // A paste longer than the answer holds is cut by the browser; the page says so.
    await field.fill('b'.repeat(6_000));
    expect((await field.inputValue()).length).toBe(5_000);
    await expect
      .poll(() => count.innerText())
      .toBe('Mehr fasst diese Antwort nicht (5.000 Zeichen).');
    expect(await page.getByRole('status').filter({ hasText: 'Mehr fasst' }).count()).toBe(1);
    await shot(page, 'survey-de-390-text-limit');
    // What the field shows is what is saved.
    await page.getByRole('button', { name: LABELS.de.next }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => currentNumber(page)).toBe(2);
    // The keyboard goes on from the new question, not from the page's start.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('question-text');
    await page.getByRole('button', { name: 'Zurück' }).click();
    await expect.poll(() => field.inputValue()).toBe('b'.repeat(5_000));
  });
});

describe('the phone header', () => {
  it('labels its actions in words and says so on the page when a download fails', async () => {
    const code = e2e.seeded.header;
    const page = await e2e.newPage({ locale: 'de-DE', viewport: PHONE });
    await signIn(page, LABELS.de, code);
    const myData = page.locator('header').getByRole('button', { name: 'Meine Daten' });
    // The label is text on screen, not only a name for screen readers.
    expect(await myData.innerText()).toBe('Meine Daten');
    await page.route('**/api/me/export.zip', (route) => route.fulfill({ status: 503 }));
    await myData.click();
    const alert = page.getByRole('alert').filter({ hasText: 'Der Download ist fehlgeschlagen' });
    await alert.waitFor();
    await page.screenshot({ path: 'test-results/screenshots/phone-header-de-390-failed.png' });
    expect(await accessibilityViolations(page)).toEqual([]);
  }, 120_000);
});

describe('the first question', () => {
  it('is answered on a phone before MUI, or the code of a camera, body map or symptom list, has loaded', async () => {
    const code = e2e.seeded.firstQuestion;
    const page = await e2e.newPage({ viewport: PHONE });
    await signIn(page, LABELS.en, code);
    // The sign-in dialog brought MUI: the patient comes back to the survey, as from the e-mail.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/app');
    await page.getByRole('textbox').fill('Jaw pain since spring');
    await page.getByRole('button', { name: LABELS.en.next }).waitFor();
    // Given time to fetch what it would, the page has still loaded neither MUI nor a style of it.
    await page.waitForTimeout(2000);
    const loaded = scripts.map((path) => path.replace(/^\/assets\/|-[\w-]{8}\.js$/g, ''));
    expect(loaded).toContain('TextInput');
    for (const chunk of ['ThemeRoot', 'MediaInput', 'PainAtlasInput', 'SymptomsInput'])
      expect(loaded).not.toContain(chunk);
    expect(await page.locator('style[data-emotion]').count()).toBe(0);
  }, 120_000);
});
