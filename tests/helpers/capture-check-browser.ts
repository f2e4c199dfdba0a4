import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Db } from '../../src/server/platform/db/client';
import type { OverlayId } from '../../src/shared/overlays';
import { insertPatient } from './admin-seed';
import { seenUntil } from './seed-answers';

/** The capture check's browser set-up (issue 31), for its browser tests and the bench. */

/**
 * A face photo that ships in the model's package (the first face of its detection demo's
 * screenshot), cropped and placed in a 640x480 camera frame with the face at about 60 % of the
 * capture square's height, turned into a Y4M clip for Chromium's fake camera (which loops it).
 * With `thenEmpty`, the face is shown that many seconds and then as long an empty frame: the
 * patient leaves the camera and comes back.
 */
export function frontalClip(dir: string, thenEmpty?: number): string {
  const source = join(
    'node_modules',
    '@vladmandic',
    'human',
    'assets',
    'screenshot-facedetect.jpg',
  );
  const face = 'crop=150:150:10:344,scale=400:400,pad=640:480:120:40,fps=10,format=yuv420p';
  const clip = join(dir, thenEmpty ? 'frontal-then-empty.y4m' : 'frontal.y4m');
  const seconds = String(thenEmpty ?? 1);
  const input = ['-loop', '1', '-t', seconds, '-i', source];
  const filter = thenEmpty
    ? [
        '-f',
        'lavfi',
        '-t',
        seconds,
        '-i',
        'color=c=black:s=640x480:r=10',
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
