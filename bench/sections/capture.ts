import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/helpers/browser';
import { frontalClip, seedAtMediaQuestion } from '../../tests/helpers/capture-check-browser';
import { labelledFaces } from '../../tests/helpers/pose-faces';
import { measureFace, openPoseHarness } from '../../tests/helpers/pose-harness';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../../tests/helpers/server-process';
import { LABELS, signIn } from '../../tests/helpers/survey-browser';
import { PRODUCTION_ENV } from '../lib/production-env';
import { median } from '../lib/stats';
import type { Figure } from '../report';

/** Cold openings of the photo question, each in a fresh browser context (empty cache). */
const OPENINGS = 3;
/** Detections timed for the frame rate, after a few for the warm-up. */
const WARM_UP = 3;
const TIMED = 30;

/**
 * When the photo question's guide appears and when its first verdict shows, in the page's own
 * clock: set before any of the page's scripts run.
 */
const WATCH_FEEDBACK = () => {
  const times: { opened?: number; feedback?: number } = {};
  Object.assign(window, { captureTimes: times });
  new MutationObserver(() => {
    if (times.opened === undefined && document.querySelector('[data-testid="pose-instructions"]'))
      times.opened = performance.now();
    const line = document.querySelector('[data-testid="pose-instruction"]');
    if (times.feedback === undefined && line?.getAttribute('data-state') === 'checking')
      times.feedback = performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
};

/** The face model's bytes on the wire: its files under /face-model/ and the library's chunk. */
const isModelRequest = (url: string) => url.includes('/face-model/') || /\/human\.esm-/.test(url);

async function openPhotoQuestion(browser: Browser, baseURL: string, code: string) {
  const context = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  try {
    const page = await context.newPage();
    await page.addInitScript(WATCH_FEEDBACK);
    let bytes = 0;
    const sized: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      if (!isModelRequest(request.url())) return;
      sized.push(
        request.sizes().then((sizes) => {
          bytes += sizes.responseBodySize + sizes.responseHeadersSize;
        }),
      );
    });
    await signIn(page, LABELS.en, code);
    await page
      .locator('[data-testid="pose-instruction"][data-state="checking"]')
      .waitFor({ timeout: 120_000 });
    await Promise.all(sized);
    const times = await page.evaluate(
      () =>
        (window as unknown as { captureTimes: { opened: number; feedback: number } }).captureTimes,
    );
    return { firstFeedbackMs: times.feedback - times.opened, bytes };
  } finally {
    await context.close();
  }
}

/** The raw detection rate: the product's detector on a labelled face, back to back. */
async function detectionRate(page: Page, dir: string): Promise<number[]> {
  await openPoseHarness(page);
  const face = labelledFaces(dir).find((candidate) => candidate.name === 'facedetect 1')!;
  const placement = { side: 0.85, rotate: 0, mirror: false, shift: 0 };
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + TIMED; i++) {
    const { ms } = await measureFace(page, face.dataUrl, placement);
    if (i >= WARM_UP) times.push(ms);
  }
  return times;
}

/**
 * The capture assistant (issue 31) in headless Chromium on this machine (WASM backend, no GPU):
 * detection frames a second, the model's bytes on the wire, and the time from the photo
 * question's opening to the first pose feedback. Run after `vite build`.
 */
export async function measureCapture(): Promise<Figure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-capture-'));
  const dataDir = await newDataDir();
  const browser = await launchBrowser(frontalClip(dir));
  try {
    const codes = await withDataDirDatabase(dataDir, async (db) => {
      const seeded: string[] = [];
      for (let i = 0; i < OPENINGS; i++)
        seeded.push((await seedAtMediaQuestion(db, 'face-guide', 'photo', `bench-${i}`)).code);
      return seeded;
    });
    const server = await startServer({ dataDir, env: PRODUCTION_ENV });
    try {
      const openings = [];
      for (const code of codes)
        openings.push(await openPhotoQuestion(browser, server.baseUrl, code));
      const context = await browser.newContext({ baseURL: server.baseUrl });
      const detections = await detectionRate(await context.newPage(), dir);
      await context.close();
      const feedback = openings.map((o) => o.firstFeedbackMs);
      const perFrame = median(detections);
      return [
        {
          section: 'capture',
          name: 'face detection rate (WASM, median frame)',
          value: Math.round((1000 / perFrame) * 10) / 10,
          unit: 'fps',
          goal: '>= 3',
          note: `${perFrame.toFixed(0)} ms a frame over ${TIMED} frames; the check switches off below 3 fps`,
        },
        {
          section: 'capture',
          name: 'face model bytes transferred (first photo question)',
          value: Math.round((median(openings.map((o) => o.bytes)) / 1024 / 1024) * 100) / 100,
          unit: 'MiB',
          note: 'model files and the library chunk, compressed as served, cold cache',
        },
        {
          section: 'capture',
          name: `photo question opened to first pose feedback (median of ${OPENINGS})`,
          value: Math.round(median(feedback)),
          unit: 'ms',
          note: `runs ${feedback.map((ms) => ms.toFixed(0)).join(', ')}; cold cache, model from local server`,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await browser.close();
    await removeDataDir(dataDir);
    await rm(dir, { recursive: true, force: true });
  }
}
