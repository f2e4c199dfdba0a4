import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { PoseMeasures } from '../../src/question-types/media-capture/pose-check/criteria';
import type { Db } from '../../src/server/platform/db/client';
import type { OverlayId } from '../../src/shared/overlays';
import { insertPatient } from './admin-seed';
import { openTurnedHeadPage } from './pose-harness';
import { seenUntil } from './seed-answers';
import type { Turn } from './turned-head-page';

/** The capture check's browser set-up (issue 31), for its browser tests and the bench. */

/** The first face of the model package's detection demo screenshot: looking into the camera. */
const FACE_PICTURE = join(
  'node_modules',
  '@vladmandic',
  'human',
  'assets',
  'screenshot-facedetect.jpg',
);
const FACE_CROP = 'crop=150:150:10:344';
/** A 640x480 camera frame with the face square at about 60 % of the capture square's height. */
const FRAME = { width: 640, height: 480, x: 120, y: 40, side: 400 };

/**
 * The face photo (FACE_PICTURE) in a camera frame, turned into a Y4M clip for Chromium's fake
 * camera (which loops it). With `thenEmpty`, the face is shown that many seconds and then as
 * long an empty frame: the patient leaves the camera and comes back.
 */
export function frontalClip(dir: string, thenEmpty?: number): string {
  const { width, height, x, y, side } = FRAME;
  const face = `${FACE_CROP},scale=${side}:${side},pad=${width}:${height}:${x}:${y},fps=10,format=yuv420p`;
  const clip = join(dir, thenEmpty ? 'frontal-then-empty.y4m' : 'frontal.y4m');
  const seconds = String(thenEmpty ?? 1);
  const input = ['-loop', '1', '-t', seconds, '-i', FACE_PICTURE];
  const filter = thenEmpty
    ? [
        '-f',
        'lavfi',
        '-t',
        seconds,
        '-i',
        `color=c=black:s=${width}x${height}:r=10`,
        '-filter_complex',
        `[0:v]${face}[face];[1:v]format=yuv420p[empty];[face][empty]concat=n=2:v=1[out]`,
        '-map',
        '[out]',
      ]
    : ['-vf', face];
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', ...input, ...filter, '-r', '10', clip]);
  return clip;
}

/**
 * The same face turning to the patient's left (the camera sees its right side: the right
 * profile guide's way), rendered from the model's face mesh (turned-head-page.ts): frontal, 45°
 * and 60° for a second each, then 85° for three, where the model finds no face.
 */
const TURNS = [
  { yaw: 0, seconds: 1 },
  { yaw: -45, seconds: 1 },
  { yaw: -60, seconds: 1 },
  { yaw: -85, seconds: 3 },
];

/** A turned head as the model measures it. */
export interface TurnedHead extends Turn {
  measures: PoseMeasures | null;
}

/**
 * The test face turned each of `turns`, rendered in `page` (on the product's origin, for the
 * model files) as PNG files in `dir`, and what the model measures on each.
 */
export async function renderTurnedHeads(
  dir: string,
  page: Page,
  turns: Turn[],
): Promise<(TurnedHead & { file: string })[]> {
  const picture = join(dir, 'frontal-face.png');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-i',
    FACE_PICTURE,
    '-vf',
    FACE_CROP,
    picture,
  ]);
  await openTurnedHeadPage(page);
  const frames = await page.evaluate(
    ([url, frame, wanted]) =>
      (window as unknown as TurnedHeadPage).turnedHead.render(url, frame, wanted),
    [`data:image/png;base64,${readFileSync(picture).toString('base64')}`, FRAME, turns] as const,
  );
  return frames.map(({ png, measures }, index) => {
    const file = join(dir, `turned-${index}.png`);
    writeFileSync(file, Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'));
    return { ...turns[index]!, measures, file };
  });
}

/** The turned-head clip for Chromium's fake camera (TURNS), and what the model measures on it. */
export async function turnedHeadClip(
  dir: string,
  page: Page,
): Promise<{ clip: string; turns: TurnedHead[] }> {
  const turns = await renderTurnedHeads(
    dir,
    page,
    TURNS.map(({ yaw }) => ({ yaw, mirrored: false })),
  );
  const inputs = turns.flatMap(({ file }, index) => [
    '-loop',
    '1',
    '-t',
    String(TURNS[index]!.seconds),
    '-i',
    file,
  ]);
  const clip = join(dir, 'turned-head.y4m');
  const streams = TURNS.map((_, index) => `[${index}:v]`).join('');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    `${streams}concat=n=${TURNS.length}:v=1,fps=10,format=yuv420p[out]`,
    '-map',
    '[out]',
    '-r',
    '10',
    clip,
  ]);
  return { clip, turns };
}

interface TurnedHeadPage {
  turnedHead: {
    render(
      url: string,
      frame: typeof FRAME,
      turns: Turn[],
    ): Promise<{ png: string; measures: PoseMeasures | null }[]>;
  };
}

/**
 * A patient who has answered everything before the first photo (or video) question with this
 * guide, so signing in opens it.
 */
export async function seedAtMediaQuestion(
  db: Db,
  overlay: OverlayId,
  kind: 'photo' | 'video' = 'photo',
  /** Tells several such patients apart. */
  tag = '',
): Promise<{ code: string; questionId: number }> {
  const patient = await insertPatient(db, {
    email: `capture-${kind}-${overlay}${tag}@example.org`,
  });
  const { all, index } = await seenUntil(
    db,
    patient,
    (q) => q.questionType === kind && q.overlay === overlay,
  );
  return { code: patient.code, questionId: all[index]!.id };
}
