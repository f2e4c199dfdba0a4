import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import type { PoseMeasures } from '../../src/question-types/media-capture/pose-check/criteria';
import { FACE_LIBRARY_ALIAS } from '../../vite.face-model';
import type { Placement } from './pose-accuracy-page';

/**
 * Opens a page on the product's origin that runs the product's own face detector
 * (pose-accuracy-page.ts, bundled here with esbuild) on the model files the server serves: for
 * the capture check's accuracy test and the bench.
 */
export async function openPoseHarness(page: Page): Promise<void> {
  const bundle = await build({
    entryPoints: ['tests/helpers/pose-accuracy-page.ts'],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    alias: { '@vladmandic/human': FACE_LIBRARY_ALIAS.replacement },
  });
  await page.route('**/__pose-accuracy/page.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: bundle.outputFiles[0]!.text }),
  );
  await page.route('**/__pose-accuracy/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><script type="module" src="page.js"></script>',
    }),
  );
  await page.goto('/__pose-accuracy/');
  await page.waitForFunction(() => 'poseAccuracy' in window);
}

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
