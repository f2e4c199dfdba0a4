import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { questions, answers } from '../../src/server/schema';
import {
  answerEveryType,
  answerSecondPhoto,
  insertPatient,
  markSubmitted,
} from '../helpers/admin-seed';
import { apiAsPage, dialogScreenshot, TABLET } from '../helpers/admin-browser';
import {
  accessibilityViolations,
  chooseLanguage,
  DESKTOP,
  PHONE,
  screenshot,
  SCREENSHOT_DIR,
} from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { makeSampleMedia } from '../helpers/sample-media';

const e2e = useE2e({
  admin: true,
  seed: async ({ db, media }) => {
    const erika = await insertPatient(db, {
      email: 'erika.mustermann@example.org',
      firstName: 'Erika',
      lastName: 'Mustermann',
    });
    const sample = await makeSampleMedia(e2e.browser);
    await answerEveryType(db, await media(), erika, sample);
    // A submitted assessment with two photos, for the dentist's assessment page.
    const paula = await insertPatient(db, {
      email: 'paula.zahn@example.org',
      firstName: 'Paula',
      lastName: 'Zahn',
    });
    await answerEveryType(db, await media(), paula, sample);
    await answerSecondPhoto(db, await media(), paula, sample.photo);
    await markSubmitted(db, paula.assessmentId);
    // A second patient whose multiple-choice answer matches no option.
    const max = await insertPatient(db, {
      email: 'max.muster@example.org',
      firstName: 'Max',
      lastName: 'Muster',
    });
    const [choice] = await db
      .select()
      .from(questions)
      .where(and(eq(questions.questionType, 'multiple_choice'), eq(questions.isActive, true)))
      .limit(1);
    await db.insert(answers).values({
      userId: max.userId,
      assessmentId: max.assessmentId,
      questionId: choice!.id,
      optionId: null,
    });
    return { erika, paula };
  },
});
let page: Page;
beforeAll(async () => {
  page = await e2e.adminPage({ timeout: 15_000 });
});

const patient = (name: string) => page.getByTestId('patient-accordion').filter({ hasText: name });
const row = (type: string) => page.locator(`[data-testid="response-row"][data-type="${type}"]`);

describe('an administrator reviews responses', () => {
  it('groups answers by patient and access code', async () => {
    await page.goto('/admin/responses');
    await page.getByRole('heading', { name: 'Survey Responses' }).waitFor();
    const erika = patient('Erika Mustermann');
    await erika.waitFor();
    expect(await erika.textContent()).toContain('erika.mustermann@example.org');
    expect(await erika.textContent()).toContain('1 access code');
    await screenshot(page, 'admin-responses-1280');

    await erika.getByRole('button', { name: /Erika Mustermann/ }).click();
    const code = erika.getByTestId('access-code-accordion');
    await code.waitFor();
    const summary = await code.textContent();
    expect(summary).toContain(`••••-••••-••••-${e2e.seeded.erika.code.slice(-4)}`);
    expect(summary).toContain('6 responses');
    expect(summary).not.toContain(e2e.seeded.erika.code);

    await code.getByRole('button', { name: /6 responses/ }).click();
    await page.getByTestId('responses-table').waitFor();
    const headers = await page
      .getByTestId('responses-table')
      .getByRole('columnheader')
      .allTextContents();
    expect(headers).toEqual(['Question', 'Type', 'Response', 'Date', 'Actions']);
    expect(await page.getByTestId('response-row').count()).toBe(6);
    expect(await row('text').textContent()).toContain('Jaw pain since last spring');
    expect(await row('multiple_choice').textContent()).not.toContain('No selection');
  });

  it('shows the photo and plays the video', async () => {
    const photo = page.getByTestId('response-photo');
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);

    const video = page.getByTestId('response-video');
    await video.waitFor();
    // The player loads the file itself from a signed link, a range at a time.
    expect(await video.getAttribute('src')).toMatch(/^\/api\/media\/signed\/media\/.+\?expires=/);
    const played = await video.evaluate(async (element) => {
      const v = element as HTMLVideoElement;
      v.muted = true;
      await v.play();
      await new Promise((resolve) => setTimeout(resolve, 700));
      return { time: v.currentTime, error: v.error?.code ?? null, width: v.videoWidth };
    });
    expect(played.error).toBeNull();
    expect(played.width).toBe(320);
    expect(played.time).toBeGreaterThan(0);
    // The link alone (no token) serves a byte range, as the player asks for one.
    const ranged = await video.evaluate(async (element) => {
      const reply = await fetch((element as HTMLVideoElement).src, {
        headers: { range: 'bytes=0-99' },
      });
      return { status: reply.status, length: (await reply.arrayBuffer()).byteLength };
    });
    expect(ranged).toEqual({ status: 206, length: 100 });
    await screenshot(page, 'admin-responses-open-1280');
  });

  it('opens the photo in a new tab', async () => {
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      row('photo').getByRole('button', { name: 'Open in new tab' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(
      /\/api\/media\/signed\/media\/[^?]+\.(jpg|png)\?expires=\d+&signature=/,
    );
    expect(await tab.evaluate(() => document.images[0]?.naturalWidth)).toBe(320);
    await tab.close();
  });

  it('shows the details of a response', async () => {
    await row('text').getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Response details' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('main complaint');
    expect(text).toContain('Text');
    expect(text).toContain('Jaw pain since last spring');
    expect(text).toMatch(/\d{4}/);
    await dialogScreenshot(page, 'admin-response-details-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('visualises the complaints with one dot each on the front and side views', async () => {
    await row('pain_symptoms').getByRole('button', { name: 'Visualize pain points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pain Symptoms Visualization' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('body-dot').count()).toBe(3);
    expect(await dialog.getByTestId('body-diagram-side').getByTestId('body-dot').count()).toBe(2);
    expect(await dialog.getByTestId('body-diagram-front').getByTestId('body-dot').count()).toBe(1);
    const colors = await dialog
      .getByTestId('body-dot')
      .evaluateAll((dots) => dots.map((d) => getComputedStyle(d).backgroundColor));
    expect(new Set(colors).size).toBe(3);
    await dialogScreenshot(page, 'admin-pain-visualization-1280');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await row('pain_atlas').getByRole('button', { name: 'Visualize pain points' }).click();
    const atlas = page.getByRole('dialog', { name: 'Pain Symptoms Visualization' });
    await atlas.waitFor();
    expect(await atlas.getByTestId('body-dot').count()).toBe(2);
    await atlas.getByRole('button', { name: 'Close' }).click();
    await atlas.waitFor({ state: 'detached' });
  });

  it('shows "No selection" for an answer that matches no option', async () => {
    const max = patient('Max Muster');
    await max.getByRole('button', { name: /Max Muster/ }).click();
    await max
      .getByTestId('access-code-accordion')
      .getByRole('button', { name: /1 response/ })
      .click();
    await max.getByTestId('response-row').waitFor();
    expect(await max.getByTestId('response-row').textContent()).toContain('No selection');
  });

  it('finds a patient by name', async () => {
    await page.getByLabel('Search by name or e-mail').fill('muster');
    await expect.poll(() => page.getByTestId('patient-accordion').count()).toBe(2);
    await page.getByLabel('Search by name or e-mail').fill('erika');
    await expect.poll(() => page.getByTestId('patient-accordion').count()).toBe(1);
    await page.getByLabel('Search by name or e-mail').fill('');
  });

  it('speaks German, with the German visualisation titles', async () => {
    await page.setViewportSize(TABLET);
    await chooseLanguage(page, 'Deutsch');
    await page.getByRole('heading', { name: 'Umfrageantworten' }).waitFor();
    const erika = patient('Erika Mustermann');
    await erika.getByTestId('access-code-accordion').waitFor();
    expect(await erika.getByTestId('access-code-accordion').textContent()).toContain('6 Antworten');
    await page.getByTestId('response-video').waitFor();
    await screenshot(page, 'admin-responses-de-820');
    await row('pain_symptoms').getByRole('button', { name: 'Schmerzpunkte visualisieren' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Visualisierung der Schmerzen und Beschwerden',
    });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Kiefergelenkschmerzen');
    await dialogScreenshot(page, 'admin-pain-visualization-de-820');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chooseLanguage(page, 'English');
    await page.getByRole('heading', { name: 'Survey Responses' }).waitFor();
  });

  it('keeps answers when their question is deleted: the question is deactivated instead', async () => {
    await page.goto('/admin');
    const question = page.getByTestId('question-row').filter({ hasText: 'main complaint' });
    await question.getByRole('button', { name: /^Delete question/ }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to delete this question?',
    });
    await confirm.waitFor();
    // Erika's answer and Paula's.
    expect(await confirm.textContent()).toContain('already has 2 answers');
    await dialogScreenshot(page, 'admin-question-delete-answered-1280');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Question deactivated and kept for its existing answers').waitFor();
    expect(await question.textContent()).toContain('Inactive · Kept for existing answers');
    await screenshot(page, 'admin-questions-inactive-1280');

    await page.goto('/admin/responses');
    const erika = patient('Erika Mustermann');
    await erika.getByRole('button', { name: /Erika Mustermann/ }).click();
    await erika
      .getByTestId('access-code-accordion')
      .getByRole('button', { name: /6 responses/ })
      .click();
    await row('text').waitFor();
    expect(await row('text').textContent()).toContain('Jaw pain since last spring');
    expect(await row('text').textContent()).toContain('Question no longer in the survey');
  });

  it('fits a tablet and a phone screen', async () => {
    await page.setViewportSize(TABLET);
    await screenshot(page, 'admin-responses-820');
    await page.setViewportSize(PHONE);
    // Nothing sticks out sideways: wide tables scroll inside their own box.
    const overflowing = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll('[data-testid="patient-accordion"] *'))
          .filter((el) => !el.closest('.MuiTableContainer-root'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1).length,
    );
    expect(overflowing).toBe(0);
    await screenshot(page, 'admin-responses-390');
    await page.setViewportSize(DESKTOP);
  });
  it("opens the photos of an assessment in a lightbox on the dentist's assessment page", async () => {
    await page.goto(`/admin/assessments/${e2e.seeded.paula.assessmentId}`);
    const thumbnails = page.getByTestId('photo-thumbnail');
    await expect.poll(() => thumbnails.count()).toBe(2);
    await thumbnails.first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('photo-lightbox').getByRole('dialog');
    await dialog.waitFor();
    const caption = dialog.getByTestId('lightbox-caption');
    const firstCaption = await caption.innerText();
    // The question is the caption and names the dialog.
    expect(await page.getByRole('dialog', { name: firstCaption }).count()).toBe(1);
    expect(await dialog.textContent()).toContain('Photo 1 of 2');
    const photo = dialog.getByTestId('lightbox-photo');
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);
    // The large photo comes from a signed link, as the thumbnail does.
    expect(await photo.getAttribute('src')).toMatch(/^\/api\/media\/signed\/media\/.+\?expires=/);

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => caption.innerText()).not.toBe(firstCaption);
    expect(await dialog.textContent()).toContain('Photo 2 of 2');
    const secondCaption = await caption.innerText();
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(320);

    const width = async () => (await photo.boundingBox())!.width;
    const fitted = await width();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(width).toBeGreaterThan(fitted * 1.2);
    const zoomed = await width();
    await page.keyboard.press('+');
    await expect.poll(width).toBeGreaterThan(zoomed * 1.2);
    await page.keyboard.press('-');
    await expect.poll(width).toBeLessThan(zoomed * 1.01);
    await dialog.getByRole('button', { name: 'Fit to window' }).click();
    await expect.poll(width).toBeCloseTo(fitted, 0);
    // The small sample photo fits unscaled: the level shown is its real one. The level is
    // measured once the picture has been drawn at its new size, a frame after the width.
    await expect
      .poll(() => dialog.getByTestId('lightbox-zoom').innerText())
      .toBe(`${Math.round((fitted / 320) * 100)} %`);
    await dialog.getByRole('button', { name: 'Actual size (100 %)' }).click();
    await expect.poll(width).toBeCloseTo(320, 0);
    // Ctrl + wheel (a touchpad's pinch) zooms too.
    const box = (await photo.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(width).toBeGreaterThan(320 * 1.2);
    await page.keyboard.press('0');
    await expect.poll(width).toBeCloseTo(fitted, 0);

    expect(await accessibilityViolations(page)).toEqual([]);
    await dialogScreenshot(page, 'admin-photo-lightbox-1280');
    await page.setViewportSize(PHONE);
    await dialogScreenshot(page, 'admin-photo-lightbox-390');
    await page.setViewportSize(DESKTOP);

    // Esc closes; the focus is back on the thumbnail of the photo shown last.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => thumbnails.nth(1).evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await thumbnails.nth(1).getAttribute('aria-label')).toBe(
      `Enlarge photo: ${secondCaption}`,
    );
  });

  it('fits the assessment page and the review queue in German at 1280 and 1440 px', async () => {
    await page.goto(`/admin/assessments/${e2e.seeded.paula.assessmentId}`);
    await chooseLanguage(page, 'Deutsch');
    try {
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('heading', { name: 'Antworten', exact: true }).waitFor();
        const table = page.getByTestId('responses-table');
        await table.waitFor();
        const sizes = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        }));
        expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
        // Every row's action button is whole on screen: not cut off by the table's own box.
        const frame = (await page.locator('.MuiTableContainer-root').first().boundingBox())!;
        const buttons = table.getByRole('button', { name: 'Details anzeigen' });
        expect(await buttons.count()).toBe(7);
        for (const box of await buttons.evaluateAll((all) =>
          all.map((b) => b.getBoundingClientRect().toJSON() as DOMRect),
        )) {
          expect(box.left).toBeGreaterThanOrEqual(frame.x);
          expect(box.right).toBeLessThanOrEqual(frame.x + frame.width);
          expect(box.right).toBeLessThanOrEqual(width);
        }
        const header = table.getByRole('columnheader', { name: 'Aktionen' });
        const headerBox = (await header.boundingBox())!;
        expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(frame.x + frame.width);
        await screenshot(page, `admin-assessment-de-${width}`);
      }

      await page.setViewportSize(DESKTOP);
      await page.goto('/admin/review');
      const row = page.getByTestId(`assessment-${e2e.seeded.paula.assessmentId}`);
      await row.waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        DESKTOP.width,
      );
      const pdf = (await row.getByRole('button', { name: /#\d+$/ }).boundingBox())!;
      expect(pdf.x + pdf.width).toBeLessThanOrEqual(DESKTOP.width);
      await screenshot(page, 'admin-review-queue-de-1280');
    } finally {
      // The next tests read English labels: the choice is saved before they load pages.
      await page.setViewportSize(DESKTOP);
      await Promise.all([
        page.waitForResponse((reply) => reply.url().endsWith('/api/user/language')),
        chooseLanguage(page, 'English'),
      ]);
    }
  });

  it('records each read of the answers, the photo and the video in the audit log', async () => {
    type Entry = { action: string; assessmentId: number | null; actorEmail: string | null };
    const { status, body } = await apiAsPage<{ entries: Entry[] }>(
      page,
      `/api/admin/audit-log?patientId=${e2e.seeded.erika.userId}&pageSize=200`,
    );
    expect(status).toBe(200);
    const reads = body.entries.filter((e) => e.action === 'responses.read');
    const media = body.entries.filter((e) => e.action === 'media.read');
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(media.length).toBeGreaterThanOrEqual(2);
    for (const entry of [...reads, ...media]) {
      expect(entry).toMatchObject({
        assessmentId: e2e.seeded.erika.assessmentId,
        actorEmail: 'admin@practice.example',
      });
    }
    // Who read what, never what was read.
    expect(JSON.stringify(body.entries)).not.toContain('Jaw pain');

    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await expect.poll(() => page.getByTestId('audit-entry').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('audit-entry').first().textContent()).toContain(
      'admin@practice.example',
    );
    await screenshot(page, 'admin-audit-log-1280');
  });

  it('says "not available" for a photo missing from storage', async () => {
    const mediaDir = join(e2e.dataDir, 'media');
    for (const name of await readdir(mediaDir)) {
      if (name.endsWith('.jpg') || name.endsWith('.png')) await rm(join(mediaDir, name));
    }
    await page.goto('/admin/responses');
    const erika = patient('Erika Mustermann');
    await erika.getByRole('button', { name: /Erika Mustermann/ }).click();
    await erika
      .getByTestId('access-code-accordion')
      .getByRole('button', { name: /6 responses/ })
      .click();
    const missing = row('photo').getByTestId('media-not-available');
    await missing.waitFor();
    expect(await missing.textContent()).toBe(
      'Not available: this photo or video could not be read from storage.',
    );
    // The video next to it still plays from its link.
    await page.getByTestId('response-video').waitFor();
    await row('photo').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // The accordion's opening transition ends before the picture is taken.
    await expect
      .poll(() =>
        page.getByTestId('responses-table').evaluate((el) => el.getBoundingClientRect().height),
      )
      .toBeGreaterThan(300);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    // The row itself: in a full-page picture the fixed footer may cover it.
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await row('photo').screenshot({
      path: join(SCREENSHOT_DIR, 'admin-responses-photo-not-available-1280.png'),
    });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
