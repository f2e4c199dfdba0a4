import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { questions } from '../../src/server/schema';
import { DELIVERY_STORY } from '../../src/shared/delivery-story';
import { DEFAULT_QUESTIONNAIRE } from '../../src/server/modules/questionnaire/seed/default-questionnaire';
import { answerQuestionsBefore, insertPatient } from '../helpers/admin-seed';
import { accessibilityViolations, DESKTOP, PHONE } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import { makeSampleMedia } from '../helpers/sample-media';
import {
  currentNumber,
  LABELS,
  photoShutter,
  takePhotoAnyHow,
  shot,
  signIn,
  type Lang,
} from '../helpers/survey-browser';

/** The texts of this file's steps, beside the survey's shared labels. */
const TEXT = {
  en: {
    chooseFile: 'Choose a file instead',
    noCamera: /Without the camera, you can answer with a photo/,
    keepPhoto: 'Keep my earlier photo',
    back: 'Back',
    required: 'Required',
    requiredMissing: /must be answered before you can complete/,
    left: /Recording \d:\d\d · \d:\d\d left/,
  },
  de: {
    chooseFile: 'Stattdessen eine Datei wählen',
    noCamera: /Ohne Kamera können Sie mit einem Foto/,
    keepPhoto: 'Mein bisheriges Foto behalten',
    back: 'Zurück',
    required: 'Pflichtfrage',
    requiredMissing: /muss beantwortet sein, bevor Sie die Bewertung abschließen/,
    left: /Aufnahme \d:\d\d · noch \d:\d\d/,
  },
} as const;

/** Sort order (1-based) of the first photo question, and of the required teeth photo. */
const FIRST_PHOTO = DEFAULT_QUESTIONNAIRE.findIndex((q) => q.type === 'photo') + 1;
const TEETH_PHOTO = DEFAULT_QUESTIONNAIRE.findIndex((q) => q.overlay === 'teeth-guide') + 1;
const FIRST_VIDEO = DEFAULT_QUESTIONNAIRE.findIndex((q) => q.type === 'video') + 1;
const TOTAL_QUESTIONS = DEFAULT_QUESTIONNAIRE.length;
const VIDEO_LIMIT_SECONDS = 5;

const e2e = useE2e({
  seed: async ({ db, media }) => {
    const files = await makeSampleMedia(e2e.browser);
    const store = await media();
    await db
      .update(questions)
      .set({ maxRecordingSeconds: VIDEO_LIMIT_SECONDS })
      .where(eq(questions.questionType, 'video'));
    const patient = async (email: string, language: Lang, upTo: number, skip?: number) => {
      const created = await insertPatient(db, { email, language });
      await answerQuestionsBefore(db, store, created, files, upTo, skip);
      return created.code;
    };
    return {
      files,
      cameraEn: await patient('camera-en@example.org', 'en', FIRST_PHOTO),
      fileDe: await patient('file-de@example.org', 'de', FIRST_PHOTO),
      requiredEn: await patient('required-en@example.org', 'en', TOTAL_QUESTIONS, TEETH_PHOTO),
      requiredDe: await patient('required-de@example.org', 'de', TOTAL_QUESTIONS, TEETH_PHOTO),
      video: await patient('video@example.org', 'en', FIRST_VIDEO),
      // Reached every question, and passed the teeth photo without taking it.
      returning: await patient('returning@example.org', 'de', TOTAL_QUESTIONS + 1, TEETH_PHOTO),
    };
  },
});

/** A browser whose camera cannot be used: none at all, or one the system refuses to open. */
async function withoutCamera(context: BrowserContext, how: 'absent' | 'not-found') {
  await context.addInitScript((variant) => {
    if (variant === 'absent') {
      Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });
    } else {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    }
  }, how);
}

async function patientPage(language: Lang, options: { camera: boolean; width?: number }) {
  const context = await e2e.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-US',
    viewport: options.width === DESKTOP.width ? DESKTOP : PHONE,
  });
  if (!options.camera) await withoutCamera(context, language === 'de' ? 'absent' : 'not-found');
  return context.newPage();
}

/** The photo shown for the question has really loaded (not a broken image). */
async function photoShown(page: Page) {
  const photo = page.getByTestId('media-photo');
  await photo.waitFor({ timeout: 15_000 });
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** Answers the photo question on screen with a file through "Choose a file instead". */
async function chooseFile(page: Page, language: Lang) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: TEXT[language].chooseFile }).click(),
  ]);
  expect(await chooser.element().getAttribute('accept')).toBe('image/*');
  await chooser.setFiles({
    name: 'IMG_0042.jpg',
    mimeType: 'image/jpeg',
    buffer: e2e.seeded.files.photo,
  });
  await page.getByText(LABELS[language].photoUploaded).waitFor({ timeout: 20_000 });
}

describe('a patient loses nothing they took', () => {
  it('keeps a photo from the camera the moment it uploads: it is there after closing the page and signing in again', async () => {
    const L = LABELS.en;
    const page = await patientPage('en', { camera: true });
    await signIn(page, L, e2e.seeded.cameraEn);
    expect(await currentNumber(page)).toBe(FIRST_PHOTO);
    // The question text once, with no step label above it.
    expect(await page.getByText(DEFAULT_QUESTIONNAIRE[FIRST_PHOTO - 1]!.en).count()).toBe(1);
    await takePhotoAnyHow(page, L);
    await page.getByText(L.photoUploaded).waitFor({ timeout: 20_000 });
    // Leave without pressing Next: the tab is closed.
    await page.context().close();

    const again = await patientPage('en', { camera: true });
    await signIn(again, L, e2e.seeded.cameraEn);
    // The survey resumes after the answered photo; the photo is one step back.
    expect(await currentNumber(again)).toBe(FIRST_PHOTO + 1);
    await again.getByRole('button', { name: TEXT.en.back }).click();
    expect(await currentNumber(again)).toBe(FIRST_PHOTO);
    await photoShown(again);
    await again.getByText(L.photoUploaded).waitFor();
    expect(await again.getByTestId('camera-video').count()).toBe(0);
    await shot(again, 'survey-en-390-saved-photo');

    // Retake opens the camera; keeping the earlier photo brings it back unchanged.
    await again.getByRole('button', { name: L.retake }).click();
    await again.getByTestId('camera-video').waitFor();
    await again.getByRole('button', { name: TEXT.en.keepPhoto }).click();
    await photoShown(again);
  }, 120_000);

  it('answers a photo question with a chosen file when there is no camera at all, in German, and keeps it', async () => {
    const L = LABELS.de;
    const page = await patientPage('de', { camera: false });
    await signIn(page, L, e2e.seeded.fileDe);
    expect(await currentNumber(page)).toBe(FIRST_PHOTO);
    await page.getByText(TEXT.de.noCamera).waitFor();
    await page.getByText('Auf diesem Gerät wurde keine Kamera gefunden.').waitFor();
    expect(await page.getByRole('button', { name: L.takePhoto }).isDisabled()).toBe(true);
    // The file picker is the way now, and looks it.
    await page.waitForTimeout(400);
    await shot(page, 'survey-de-390-file-fallback');
    await chooseFile(page, 'de');
    await photoShown(page);
    await page.context().close();

    const again = await patientPage('de', { camera: false });
    await signIn(again, L, e2e.seeded.fileDe);
    await again.getByRole('button', { name: TEXT.de.back }).click();
    expect(await currentNumber(again)).toBe(FIRST_PHOTO);
    await photoShown(again);
    await shot(again, 'survey-de-390-saved-chosen-photo');
  }, 120_000);
});

describe('a required question blocks completion', () => {
  for (const language of ['en', 'de'] as const) {
    it(`jumps to the unanswered required question and completes once it is answered (${language})`, async () => {
      const L = LABELS[language];
      const camera = language === 'en';
      const page = await patientPage(language, { camera });
      await signIn(page, L, e2e.seeded[language === 'en' ? 'requiredEn' : 'requiredDe']);
      expect(await currentNumber(page)).toBe(TOTAL_QUESTIONS);
      await page.getByRole('button', { name: L.complete }).click();

      await page.getByTestId('required-missing').waitFor({ timeout: 15_000 });
      expect(await currentNumber(page)).toBe(TEETH_PHOTO);
      expect(await page.getByTestId('required-missing').innerText()).toMatch(
        TEXT[language].requiredMissing,
      );
      expect(await page.getByTestId('question-required').innerText()).toBe(TEXT[language].required);
      await shot(page, `survey-${language}-390-required-missing`);
      // The page settles first: "Take photo" turns from disabled to enabled with a colour fade
      // once the camera runs, and a check in the middle of the fade measures neither state.
      if (camera) await photoShutter(page, L);
      expect(await accessibilityViolations(page)).toEqual([]);

      if (camera) {
        await takePhotoAnyHow(page, L);
        await page.getByText(L.photoUploaded).waitFor({ timeout: 20_000 });
      } else {
        await chooseFile(page, language);
      }
      // Answered here, it is no longer named as missing, before the patient moves on.
      await expect.poll(() => page.getByTestId('required-missing').count()).toBe(0);
      expect(await page.getByTestId('question-required').getAttribute('class')).toBe('chip');
      // The only missing question: Next completes.
      await page.getByRole('button', { name: L.complete }).click();
      await page.getByText(L.done).waitFor({ timeout: 30_000 });
      // The completion screen thanks the patient and tells the e-mails' story of the evaluation.
      expect(await page.getByTestId('completion-thanks').innerText()).toMatch(
        language === 'en' ? /^Thank you for completing/ : /^Vielen Dank/,
      );
      expect(await page.getByTestId('delivery-story').innerText()).toBe(DELIVERY_STORY[language]);
      await shot(page, `survey-${language}-390-completed`);
    }, 120_000);
  }
});

describe('a returning patient', () => {
  it('who has reached every question starts at the one left unanswered, not at the first', async () => {
    const page = await patientPage('de', { camera: false });
    await signIn(page, LABELS.de, e2e.seeded.returning);
    expect(await currentNumber(page)).toBe(TEETH_PHOTO);
    // The SPEC's percentage: the position among the questions.
    const position = Math.round(((TEETH_PHOTO - 1) / TOTAL_QUESTIONS) * 100);
    expect(await page.getByTestId('progress-percent').innerText()).toBe(`${position} % erledigt`);
  }, 120_000);
});

describe('recording limits', () => {
  it('counts down, stops by itself at the question’s limit and records at a capped bitrate', async () => {
    const context = await e2e.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => {
      const Native = window.MediaRecorder;
      const asked: MediaRecorderOptions[] = [];
      (window as unknown as { recorderOptions: MediaRecorderOptions[] }).recorderOptions = asked;
      window.MediaRecorder = class extends Native {
        constructor(stream: MediaStream, options?: MediaRecorderOptions) {
          asked.push(options ?? {});
          super(stream, options);
        }
      };
    });
    const page = await context.newPage();
    await signIn(page, LABELS.en, e2e.seeded.video);
    expect(await currentNumber(page)).toBe(FIRST_VIDEO);
    await page.getByText(/can be up to 0:05 long/).waitFor();
    await page.getByRole('button', { name: LABELS.en.startRecording }).click({ timeout: 20_000 });
    const countdown = page.getByTestId('recording-countdown');
    await countdown.waitFor();
    expect(await countdown.innerText()).toMatch(TEXT.en.left);
    const started = Date.now();
    // Nobody presses Stop: the recording ends at the limit and uploads.
    await page.getByText(LABELS.en.videoUploaded).waitFor({ timeout: 30_000 });
    expect(Date.now() - started).toBeGreaterThan((VIDEO_LIMIT_SECONDS - 1) * 1000);
    const options = await page.evaluate(
      () => (window as unknown as { recorderOptions: MediaRecorderOptions[] }).recorderOptions,
    );
    expect(options.at(-1)).toMatchObject({
      videoBitsPerSecond: 2_500_000,
      audioBitsPerSecond: 128_000,
    });
  }, 120_000);
});
