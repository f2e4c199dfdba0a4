import { eq } from 'drizzle-orm';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { questions, answers } from '../../src/server/schema';
import { DEFAULT_QUESTIONNAIRE } from '../../src/server/modules/questionnaire/seed/default-questionnaire';
import { insertPatient } from '../helpers/admin-seed';
import { PHONE } from '../helpers/browser';
import { useE2e } from '../helpers/e2e-fixture';
import {
  currentNumber,
  keptOnDevice,
  LABELS,
  shot,
  signIn,
  type Lang,
} from '../helpers/survey-browser';
import { TcpProxy } from '../helpers/tcp-proxy';

/**
 * A video upload on a bad connection: cut mid-request it resumes where the server's copy stopped,
 * and a recording not yet uploaded survives a reload in the browser's storage.
 */

const FIRST_VIDEO = DEFAULT_QUESTIONNAIRE.findIndex((q) => q.type === 'video') + 1;
const UPLOADS = '**/api/survey/uploads**';
/** Bytes from the browser let through once the upload starts, before the network drops. */
const CUT_AFTER_BYTES = 12_000;
const TEXT = {
  en: {
    retrying: /Connection lost\. The upload continues where it stopped/,
    restored: 'This recording was kept on your device and is being uploaded now.',
  },
  de: {
    retrying: /Verbindung unterbrochen\. Das Hochladen wird fortgesetzt, wo es aufgehört hat/,
    restored: 'Diese Aufnahme wurde auf Ihrem Gerät aufbewahrt und wird jetzt hochgeladen.',
  },
};

const e2e = useE2e({
  seed: async ({ db }) => {
    // Short recordings keep the test quick; the fake camera still fills tens of kilobytes.
    // The test presses Stop after 2.5 s; a limit of a few seconds ended the recording first
    // when the page was slow (the pose check runs while recording), and Stop was gone.
    await db
      .update(questions)
      .set({ maxRecordingSeconds: 30 })
      .where(eq(questions.questionType, 'video'));
    const all = await db.select().from(questions);
    const patient = async (email: string, language: Lang = 'en') => {
      const created = await insertPatient(db, { email, language });
      // Every question before the first video is answered with a skip, so the survey opens there.
      const before = all.filter(
        (q) => q.sortOrder < all.find((v) => v.questionType === 'video')!.sortOrder,
      );
      if (before.length > 0) {
        await db.insert(answers).values(
          before.map((q) => ({
            userId: created.userId,
            assessmentId: created.assessmentId,
            questionId: q.id,
          })),
        );
      }
      return created.code;
    };
    return {
      cut: await patient('cut@example.org'),
      reload: {
        en: await patient('reload@example.org'),
        de: await patient('neu-laden@example.org', 'de'),
      },
      logout: await patient('logout@example.org'),
    };
  },
});

let proxy: TcpProxy | null = null;
afterEach(async () => {
  await proxy?.stop();
  proxy = null;
});

/** Keeps every recording's bytes as the recorder handed them over, to compare with the stored file. */
async function keepRecordings(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.MediaRecorder;
    const kept: Blob[][] = [];
    (window as unknown as { recordings: Blob[][] }).recordings = kept;
    window.MediaRecorder = class extends Native {
      constructor(stream: MediaStream, options?: MediaRecorderOptions) {
        super(stream, options);
        const chunks: Blob[] = [];
        kept.push(chunks);
        this.addEventListener('dataavailable', (event) => chunks.push(event.data));
      }
    };
  });
}

async function lastRecording(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const all = (window as unknown as { recordings: Blob[][] }).recordings;
    const bytes = new Uint8Array(await new Blob(all.at(-1)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** The video the server stored as the question's answer, read back through the patient's route. */
async function storedVideo(page: Page): Promise<Buffer> {
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const headers = { authorization: `Bearer ${token}` };
  const survey = (await (
    await fetch(`${e2e.server.baseUrl}/api/survey/questions`, { headers })
  ).json()) as { questionType: string; answer?: { mediaPath?: string } | null }[];
  const video = survey.find((q) => q.questionType === 'video')!;
  const path = video.answer?.mediaPath;
  expect(path).toMatch(/^media\/.+\.webm$/);
  const reply = await fetch(`${e2e.server.baseUrl}/api/survey/media/${path}`, { headers });
  expect(reply.status).toBe(200);
  return Buffer.from(await reply.arrayBuffer());
}

/** The tus requests the page sent: method and Upload-Offset. */
function tusLog(context: BrowserContext) {
  const log: { method: string; offset: number | null }[] = [];
  context.on('request', (request: Request) => {
    if (!request.url().includes('/api/survey/uploads')) return;
    const offset = request.headers()['upload-offset'];
    log.push({ method: request.method(), offset: offset === undefined ? null : Number(offset) });
  });
  return log;
}

/** Records a few seconds of the fake camera; `beforeStop` runs just before the upload starts. */
async function record(page: Page, beforeStop?: () => void, L: (typeof LABELS)[Lang] = LABELS.en) {
  await page.getByRole('button', { name: L.startRecording }).click({ timeout: 20_000 });
  await page.getByRole('button', { name: L.stopRecording }).waitFor();
  await page.waitForTimeout(2500);
  beforeStop?.();
  await page.getByRole('button', { name: L.stopRecording }).click();
}

describe('resumable video upload', () => {
  it('a network drop mid-upload resumes where the server’s copy stopped, and the stored video is byte-identical', async () => {
    proxy = new TcpProxy('127.0.0.1', Number(new URL(e2e.server.baseUrl).port));
    const port = await proxy.start();
    const context = await e2e.newContext({ viewport: PHONE, baseURL: `http://127.0.0.1:${port}` });
    await keepRecordings(context);
    const log = tusLog(context);
    const page = await context.newPage();
    await signIn(page, LABELS.en, e2e.seeded.cut);
    expect(await currentNumber(page)).toBe(FIRST_VIDEO);

    // The connection drops 12 kB into the upload (the creating POST and the PATCH's headers are
    // about 2 kB of it); the next attempts fail too for a few seconds, long enough to see what the
    // patient sees. The block is in place before the cut, so no retry can slip through first.
    let cut = false;
    let blocked = true;
    await page.route(UPLOADS, (route) =>
      cut && blocked && route.request().method() === 'PATCH'
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
    await record(page, () => {
      void proxy!.cutAfter(CUT_AFTER_BYTES).then(() => (cut = true));
    });
    await page.getByTestId('upload-retrying').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('upload-retrying').innerText()).toMatch(TEXT.en.retrying);
    await page.waitForTimeout(400);
    await shot(page, 'survey-en-390-upload-retrying');
    blocked = false;

    await page.getByText(LABELS.en.videoUploaded).waitFor({ timeout: 60_000 });
    const recorded = await lastRecording(page);
    expect(recorded.length).toBeGreaterThan(CUT_AFTER_BYTES);
    const patches = log.filter((r) => r.method === 'PATCH');
    // One upload, created once; after the cut a HEAD asked where to go on, and the last PATCH
    // carried on from there, not from the start.
    expect(log.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(log.some((r) => r.method === 'HEAD')).toBe(true);
    expect(patches[0]!.offset).toBe(0);
    expect(patches.at(-1)!.offset).toBeGreaterThan(0);
    expect((await storedVideo(page)).equals(recorded)).toBe(true);
    await shot(page, 'survey-en-390-upload-resumed');
  }, 120_000);

  for (const language of ['en', 'de'] as const) {
    it(`a recording survives a reload before its upload: the survey resumes it on return and then forgets it (${language})`, async () => {
      const L = LABELS[language];
      const context = await e2e.newContext({
        viewport: PHONE,
        locale: language === 'de' ? 'de-DE' : 'en-US',
      });
      await keepRecordings(context);
      const log = tusLog(context);
      const page = await context.newPage();
      await signIn(page, L, e2e.seeded.reload[language]);
      expect(await currentNumber(page)).toBe(FIRST_VIDEO);

      // No byte gets through: the connection is down while the patient records.
      await page.route(UPLOADS, (route) =>
        route.request().method() === 'PATCH'
          ? route.abort('internetdisconnected')
          : route.fallback(),
      );
      await record(page, undefined, L);
      await page.getByTestId('upload-retrying').waitFor({ timeout: 20_000 });
      const recorded = await lastRecording(page);

      // Back on the page, still offline at first: the kept recording is shown and retried.
      await page.reload();
      await page.getByTestId('upload-restored').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('upload-restored').innerText()).toBe(TEXT[language].restored);
      await page.getByTestId('media-video').waitFor();
      await page.getByTestId('upload-retrying').waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('upload-retrying').innerText()).toMatch(
        TEXT[language].retrying,
      );
      await page.waitForTimeout(400);
      await shot(page, `survey-${language}-390-upload-restored`);
      await page.unroute(UPLOADS);
      await page.getByText(L.videoUploaded).waitFor({ timeout: 60_000 });

      // The upload created before the reload was resumed, not started again.
      expect(log.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect((await storedVideo(page)).equals(recorded)).toBe(true);
      // Once uploaded, the browser keeps neither the recording nor the upload's address.
      const left = await keptOnDevice(page);
      expect(left).toEqual({ recordings: 0, addresses: 0 });
    }, 120_000);
  }

  it('signing out forgets a recording not yet uploaded: nothing of it stays on the device', async () => {
    const context = await e2e.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, LABELS.en, e2e.seeded.logout);
    await page.route(UPLOADS, (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await record(page);
    await page.getByTestId('upload-retrying').waitFor({ timeout: 20_000 });
    const kept = () =>
      page.evaluate(async () => ({
        databases: (await indexedDB.databases()).map((db) => db.name),
        addresses: Object.keys(localStorage).filter((k) => k.startsWith('tus::')).length,
      }));
    expect(await kept()).toEqual({ databases: ['cmd-pending-media'], addresses: 1 });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await kept()).toEqual({ databases: [], addresses: 0 });
  }, 120_000);
});
