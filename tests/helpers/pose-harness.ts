import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import type { PoseMeasures } from '../../src/question-types/media-capture/pose-check/criteria';
import { FACE_LIBRARY_ALIAS } from '../../vite.face-model';
import type { Placement } from './pose-accuracy-page';

/**
 * Opens a page on the product's origin that runs `entry` (bundled here with esbuild, the face
 * library resolved as the product resolves it) on the model files the server serves, once the
 * page has set `global` on its window.
 */
async function openModelPage(page: Page, entry: string, global: string): Promise<void> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    alias: { '@vladmandic/human': FACE_LIBRARY_ALIAS.replacement },
  });
  await page.route('**/__model-page/page.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0]!.text }),
  );
  await page.route('**/__model-page/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><script type="module" src="page.js"></script>',
    }),
  );
  await page.goto('/__model-page/');
  await page.waitForFunction((name) => name in window, global);
}

/**
 * The product's own face detector (pose-accuracy-page.ts) in a page: for the capture check's
 * accuracy test and the bench.
 */
export const openPoseHarness = (page: Page) =>
  openModelPage(page, 'tests/helpers/pose-accuracy-page.ts', 'poseAccuracy');

/** The turned-head renderer (turned-head-page.ts) in a page: for the turned heads. */
export const openTurnedHeadPage = (page: Page) =>
  openModelPage(page, 'tests/helpers/turned-head-page.ts', 'turnedHead');

interface Harness {
  poseAccuracy: {
    measure(
      url: string | null,
      at: Placement,
    ): Promise<{ measures: PoseMeasures | null; ms: number }>;
  };
}

/** Measures a face picture (a data URL; null for an empty frame) placed in a camera frame. */
export function measureFace(page: Page, dataUrl: string | null, placement: Placement) {
  return page.evaluate(
    ([url, at]) => (window as unknown as Harness).poseAccuracy.measure(url, at),
    [dataUrl, placement] as const,
  );
}
