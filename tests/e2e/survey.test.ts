import { describe, expect, it } from 'vitest';
import { questions } from '../../src/server/schema';
import { DEFAULT_QUESTIONNAIRE } from '../../src/server/modules/questionnaire/seed/default-questionnaire';
import { insertPatient, insertPatientAtFirst } from '../helpers/admin-seed';
import { chooseLanguage, DESKTOP, horizontalOverflow, PHONE, screenshot } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import {
  answerQuestion,
  currentNumber,
  LABELS,
  photoShutter,
  shot,
  signIn,
  TOTAL,
  type Lang,
} from '../helpers/survey-browser';

// One server for the patients below; the test of an empty questionnaire starts its own.
const e2e = useE2e({
  seed: async ({ db }) => {
    const walker = async (language: Lang) => {
      const email = `patient-${language}@example.org`;
      const { code } = await insertPatient(db, {
        email,
        firstName: 'Pat',
        lastName: 'Ient',
        language,
      });
      return { code, email };
    };
    const atFirst = async (type: 'photo' | 'video') =>
      (await insertPatientAtFirst(db, type, { email: `at-first-${type}@example.org` })).code;
    return {
      walker: { en: await walker('en'), de: await walker('de') },
      atFirstPhoto: await atFirst('photo'),
      atFirstVideo: await atFirst('video'),
    };
  },
});

async function runSurvey(language: Lang, viewport: { width: number; height: number }) {
  const L = LABELS[language];
  const { code, email } = e2e.seeded.walker[language];
  const page = await e2e.newPage({
    locale: language === 'de' ? 'de-DE' : 'en-US',
    viewport,
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const apiFailures: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) {
      void response
        .text()
        .catch(() => '')
        .then((body) => apiFailures.push(`${response.status()} ${response.url()} ${body}`));
    }
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/')) {
      apiFailures.push(`failed ${request.url()} ${request.failure()?.errorText ?? ''}`);
    }
  });
  // The API calls the last step makes: completing sends no answer again, one request completes.
  const lastStepPosts: string[] = [];
  let onLastStep = false;
  page.on('request', (request) => {
    if (onLastStep && request.method() === 'POST' && request.url().includes('/api/')) {
      lastStepPosts.push(new URL(request.url()).pathname);
    }
  });
  const shotTypes = new Set<string>();
  const tag = `${language}-${viewport.width}`;
  try {
    await signIn(page, L, code);
    expect(await page.getByTestId('question-counter').innerText()).toBe(L.counter(1));
    expect(await page.getByTestId('progress-dots').count()).toBe(1);
    if (language === 'en') {
      // Switching the language refetches the questions in the new language, and back.
      await chooseLanguage(page, 'Deutsch');
      await expect
        .poll(() => page.locator('#question-text').innerText())
        .toBe(DEFAULT_QUESTIONNAIRE[0]!.de);
      expect(await page.getByTestId('question-counter').innerText()).toBe(LABELS.de.counter(1));
      await chooseLanguage(page, 'English');
      await expect
        .poll(() => page.locator('#question-text').innerText())
        .toBe(DEFAULT_QUESTIONNAIRE[0]!.en);
    }
    const reloadAfter = 12;

    for (let n = 1; n <= TOTAL; n++) {
      expect(await currentNumber(page)).toBe(n);
      const seed = DEFAULT_QUESTIONNAIRE[n - 1]!;
      expect(await page.locator('#question-text').innerText()).toBe(seed[language]);
      expect(await page.getByTestId('question-type').innerText()).toBe(L.types[seed.type]);
      const firstOfType = !shotTypes.has(seed.type);
      if (firstOfType) {
        shotTypes.add(seed.type);
        if (seed.type === 'photo') await photoShutter(page, L);
        if (seed.type === 'video') {
          // Enabled once the camera runs (the check below must not meet the button mid-fade).
          const capture = page.getByRole('button', { name: L.startRecording });
          await expect.poll(() => capture.isEnabled(), { timeout: 20_000 }).toBe(true);
        }
        await shot(page, `survey-${tag}-${seed.type}`);
        expect(await horizontalOverflow(page), `${seed.type} wider than the window`).toBe(0);
      }
      await answerQuestion(page, L, seed.type, n);
      if (firstOfType) await shot(page, `survey-${tag}-${seed.type}-answered`);
      const last = n === TOTAL;
      onLastStep = last;
      await page.getByRole('button', { name: last ? L.complete : L.next }).click();
      if (last) break;
      await expect.poll(() => currentNumber(page), { timeout: 15_000 }).toBe(n + 1);

      if (n === reloadAfter) {
        await page.reload();
        await page.getByTestId('question-counter').waitFor();
        expect(await page.getByTestId('question-counter').innerText()).toBe(
          L.counter(reloadAfter + 1),
        );
      }
    }

    await page.getByText(L.done).waitFor({ timeout: 30_000 });
    await shot(page, `survey-${tag}-complete`);
    // At most the last question's own answer (unless it was saved as it was given), then the
    // completion; never the earlier answers again.
    expect(lastStepPosts.filter((path) => path !== '/api/survey/responses')).toEqual([
      '/api/survey/completion-email',
    ]);
    expect(
      lastStepPosts.filter((path) => path === '/api/survey/responses').length,
    ).toBeLessThanOrEqual(1);
    // One mail to this patient (the server's other patients have their own).
    const mails = async () => (await e2e.server.outbox()).filter((mail) => mail.includes(email));
    await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
    expect((await mails())[0]).toMatch(L.mail);
    expect(pageErrors).toEqual([]);
    // A save is retried once on a network or server failure; report any such hiccup.
    if (apiFailures.length > 0) console.warn('API failures during the run:', apiFailures);
    expect(apiFailures.filter((f) => /^4\d\d /.test(f))).toEqual([]);
  } catch (error) {
    await screenshot(page, `survey-${tag}-failure`).catch(() => undefined);
    if (apiFailures.length > 0) console.error('API failures:', apiFailures);
    throw error;
  }
}

describe('a patient answers the whole default questionnaire in the browser', () => {
  it('in English on a desktop, with real photo and video capture, resuming after a reload', async () => {
    await runSurvey('en', DESKTOP);
  }, 300_000);

  it('in German on a phone, with German questions and labels', async () => {
    await runSurvey('de', PHONE);
  }, 300_000);

  it('shows the SPEC message when the camera cannot be used, and a way to try again', async () => {
    const code = e2e.seeded.atFirstPhoto;
    const context = await e2e.newContext({ viewport: DESKTOP });
    await context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    const page = await context.newPage();
    await signIn(page, LABELS.en, code);
    expect(await page.getByTestId('question-type').innerText()).toBe('Photo');
    await page
      .getByText('Unable to access camera. Please ensure camera permissions are granted.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Take photo' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await shot(page, 'survey-en-1280-camera-denied');
  }, 120_000);

  it('shows the welcome text when the practice has no active questions', async () => {
    const { server, seeded: code } = await e2e.startServer({
      seed: async ({ db }) => {
        await db.update(questions).set({ isActive: false });
        return (await insertPatient(db, { email: 'empty@example.org' })).code;
      },
    });
    const page = await e2e.newPage({ baseURL: server.baseUrl, viewport: PHONE });
    await signIn(page, LABELS.en, code);
    await page.getByText('Welcome to your CMD risk assessment').waitFor();
    expect(await page.getByTestId('question-counter').count()).toBe(0);
    await shot(page, 'survey-en-390-empty');
  }, 120_000);

  it('rejects an empty recording with the SPEC message and keeps the camera ready', async () => {
    const code = e2e.seeded.atFirstVideo;
    const context = await e2e.newContext({ viewport: DESKTOP });
    // A recorder that delivers no data at all, as some devices do.
    await context.addInitScript(() => {
      class EmptyRecorder extends EventTarget {
        static isTypeSupported = () => true;
        state = 'inactive';
        mimeType = 'video/webm';
        ondataavailable: ((event: unknown) => void) | null = null;
        onstop: (() => void) | null = null;
        onerror: (() => void) | null = null;
        start() {
          this.state = 'recording';
        }
        requestData() {}
        stop() {
          this.state = 'inactive';
          setTimeout(() => this.onstop?.(), 10);
        }
      }
      (window as unknown as { MediaRecorder: unknown }).MediaRecorder = EmptyRecorder;
    });
    const page = await context.newPage();
    await signIn(page, LABELS.en, code);
    expect(await page.getByTestId('question-type').innerText()).toBe('Video');
    await page.getByRole('button', { name: 'Start recording' }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await page.getByText('No video data was recorded. Please try again.').waitFor();
    await page.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await page.getByTestId('media-uploaded').count()).toBe(0);
  }, 120_000);
});
