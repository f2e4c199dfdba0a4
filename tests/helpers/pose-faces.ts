import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The labelled faces of the capture check's accuracy test (issue 31): single faces cropped with
 * ffmpeg from the screenshots that ship in the model's own package (no other face images are
 * installed). Each is labelled by eye before the model saw it: its head pose, its mouth and,
 * for a turned head, where its nose points in the picture.
 */

const ASSETS = join('node_modules', '@vladmandic', 'human', 'assets');

/** frontal: looking into the camera, head upright; turned: head clearly turned, not a profile. */
type Pose = 'frontal' | 'turned';
/** smile: teeth show but the lips' gap is unclear; it is left out of the teeth guide's score. */
type Mouth = 'closed' | 'open' | 'smile';

export interface LabelledFace {
  name: string;
  pose: Pose;
  mouth: Mouth;
  /** For a turned head: the side of the picture the nose points to. */
  nose?: 'left' | 'right';
  /** The face as a PNG data URL. */
  dataUrl: string;
}

interface Source {
  name: string;
  file: string;
  /** ffmpeg crop: width:height:x:y in the screenshot. */
  crop: string;
  pose: Pose;
  mouth: Mouth;
  nose?: 'left' | 'right';
}

/**
 * The face-match demo's screenshot shows the faces it extracted in a grid of 106-pixel cells:
 * 18 columns, six rows.
 */
const GRID_ROWS = [283, 395, 508, 620, 732, 845];
const cell = (row: number, column: number) =>
  `106:106:${Math.round(1 + column * 106.5)}:${GRID_ROWS[row]}`;
const grid = (row: number, column: number, pose: Pose, mouth: Mouth, nose?: 'left' | 'right') => ({
  name: `facematch ${row}/${column}`,
  file: 'screenshot-facematch.jpg',
  crop: cell(row, column),
  pose,
  mouth,
  nose,
});

/**
 * Left out on purpose: heads tilted by an amount the eye cannot tell from 10° (the detection
 * demo's faces 2, 3, 4 and 5), faces behind sunglasses, blurred faces, and turned heads whose
 * direction is unclear.
 */
const SOURCES: Source[] = [
  {
    name: 'facedetect 1',
    file: 'screenshot-facedetect.jpg',
    crop: '150:156:7:345',
    pose: 'frontal',
    mouth: 'closed',
  },
  {
    name: 'faceid',
    file: 'screenshot-faceid.jpg',
    crop: '140:140:14:142',
    pose: 'frontal',
    mouth: 'closed',
  },
  grid(0, 0, 'frontal', 'closed'),
  grid(0, 1, 'frontal', 'closed'),
  grid(0, 4, 'frontal', 'closed'),
  grid(0, 8, 'frontal', 'closed'),
  grid(0, 15, 'frontal', 'closed'),
  grid(1, 5, 'frontal', 'smile'),
  grid(1, 6, 'frontal', 'smile'),
  grid(2, 2, 'frontal', 'smile'),
  grid(2, 5, 'frontal', 'smile'),
  grid(2, 6, 'frontal', 'smile'),
  grid(2, 10, 'frontal', 'smile'),
  grid(3, 1, 'frontal', 'closed'),
  grid(3, 2, 'frontal', 'smile'),
  grid(3, 17, 'frontal', 'closed'),
  grid(4, 1, 'frontal', 'open'),
  grid(4, 5, 'frontal', 'closed'),
  grid(4, 6, 'frontal', 'closed'),
  grid(4, 8, 'frontal', 'closed'),
  grid(5, 5, 'frontal', 'closed'),
  grid(5, 11, 'frontal', 'smile'),
  grid(5, 17, 'frontal', 'smile'),
  grid(3, 11, 'turned', 'closed', 'left'),
  grid(4, 0, 'turned', 'closed', 'left'),
  grid(5, 3, 'turned', 'closed', 'right'),
];

/** Crops every labelled face out of its screenshot into `dir` and reads it back as PNG. */
export function labelledFaces(dir: string): LabelledFace[] {
  return SOURCES.map(({ file, crop, ...label }, index) => {
    const out = join(dir, `face-${index}.png`);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      join(ASSETS, file),
      '-vf',
      `crop=${crop},scale=256:256`,
      out,
    ]);
    return { ...label, dataUrl: `data:image/png;base64,${readFileSync(out).toString('base64')}` };
  });
}
