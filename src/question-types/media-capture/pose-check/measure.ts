import type { PoseMeasures } from './criteria';

/** The part of the face model's result the measures use: its 478-point mesh and head angles. */
export interface FaceLandmarks {
  /** Mesh points in pixels of the analysed frame: 468 face points, then the two irises. */
  mesh: number[][];
  /** Head angles in radians. */
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}

/** MediaPipe face mesh indices used here. */
const MESH = {
  noseTip: 1,
  upperInnerLip: 13,
  lowerInnerLip: 14,
  outlineLeft: 234,
  outlineRight: 454,
  /** Each eye: its two corners, then its upper and lower lid's middle. */
  eyeA: [33, 133, 159, 145],
  eyeB: [362, 263, 386, 374],
  irisCentres: [468, 473],
  faceOnly: 468,
} as const;

const degrees = (radians: number) => (radians * 180) / Math.PI;
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/**
 * The measures of one face in a frame of `width` x `height` pixels, relative to the centred
 * square the photo keeps (the capture area, as useCamera's takePhoto crops it).
 */
export function measureFace(
  face: FaceLandmarks,
  width: number,
  height: number,
): PoseMeasures | null {
  const { mesh } = face;
  if (mesh.length < MESH.faceOnly) return null;
  const side = Math.min(width, height);
  const offsetX = (width - side) / 2;
  const offsetY = (height - side) / 2;
  const point = (index: number) => {
    const [x = 0, y = 0] = mesh[index] ?? [];
    return { x: (x - offsetX) / side, y: (y - offsetY) / side };
  };
  let top = Infinity;
  let bottom = -Infinity;
  let left = Infinity;
  let right = -Infinity;
  for (let i = 0; i < MESH.faceOnly; i += 1) {
    const { x, y } = point(i);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
    left = Math.min(left, x);
    right = Math.max(right, x);
  }
  const faceHeight = bottom - top;
  if (!(faceHeight > 0)) return null;

  const nose = point(MESH.noseTip);
  const outlineLeft = point(MESH.outlineLeft);
  const outlineRight = point(MESH.outlineRight);
  const outlineMiddle = (outlineLeft.x + outlineRight.x) / 2;
  const halfWidth = Math.abs(outlineRight.x - outlineLeft.x) / 2 || 1e-6;

  const upperLip = point(MESH.upperInnerLip);
  const lowerLip = point(MESH.lowerInnerLip);

  const gaze = gazeOf(mesh.length > MESH.irisCentres[1] ? point : null);
  const angle = face.rotation?.angle;
  return {
    centreX: round((left + right) / 2),
    centreY: round((top + bottom) / 2),
    faceHeight: round(faceHeight),
    yaw: round(angle ? degrees(angle.yaw) : 0, 1),
    pitch: round(angle ? degrees(angle.pitch) : 0, 1),
    roll: round(angle ? degrees(angle.roll) : 0, 1),
    noseOffset: round(Math.max(-1.5, Math.min(1.5, (nose.x - outlineMiddle) / halfWidth))),
    mouthOpening: round(Math.max(0, lowerLip.y - upperLip.y) / faceHeight),
    gazeX: gaze.x,
    gazeY: gaze.y,
  };
}

/**
 * Mean offset of the irises from their eyes' centres relative to the eye's width: across from
 * the corners' middle, down from the lids' middle (the corners sit low in the eye: an iris
 * looking straight ahead is above their middle). Each iris is paired with the nearer eye,
 * whatever order the model lists them in.
 */
function gazeOf(point: ((index: number) => { x: number; y: number }) | null): {
  x: number;
  y: number;
} {
  if (!point) return { x: 0, y: 0 };
  const eyes = [MESH.eyeA, MESH.eyeB].map(([a, b, upper, lower]) => {
    const p = point(a);
    const q = point(b);
    return {
      x: (p.x + q.x) / 2,
      y: (point(upper).y + point(lower).y) / 2,
      width: Math.abs(p.x - q.x) || 1e-6,
    };
  });
  let x = 0;
  let y = 0;
  for (const index of MESH.irisCentres) {
    const iris = point(index);
    const eye = eyes.reduce((best, candidate) =>
      Math.hypot(candidate.x - iris.x, candidate.y - iris.y) <
      Math.hypot(best.x - iris.x, best.y - iris.y)
        ? candidate
        : best,
    );
    x += (iris.x - eye.x) / eye.width / 2;
    y += (iris.y - eye.y) / eye.width / 2;
  }
  return { x: round(x), y: round(y) };
}
