import { Human } from '@vladmandic/human';
import type { PoseMeasures } from '../../src/question-types/media-capture/pose-check/criteria';
import { FACE_LIBRARY_CONFIG } from '../../src/question-types/media-capture/pose-check/detector';
import {
  measureFace,
  type FaceLandmarks,
} from '../../src/question-types/media-capture/pose-check/measure';

/**
 * Browser side of the turned heads (capture-check-browser.ts: the accuracy test's and the fake
 * camera's), bundled by the test with esbuild: no installed image shows a turned head, so one
 * is rendered. The model's own face mesh of a frontal picture (468 points with depth) is turned
 * about the vertical axis and each of its triangles drawn with the picture's pixels, nearest
 * last; the rest of the head (hair, ears) is not in the mesh and stays background. Each
 * rendered frame is measured as the product measures the camera (same library settings, same
 * measures).
 */

type Point = readonly [number, number, number];

/** A turn of the test face. */
export interface Turn {
  /** Degrees; negative: to the patient's left (the nose to the photo's right). */
  yaw: number;
  /** Shown mirrored: the same turn to the patient's other side. */
  mirrored: boolean;
}

/** Signed double area of a triangle's projection: its sign tells which way it faces. */
const area = (a: Point, b: Point, c: Point) =>
  (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);

/** The affine map (canvas `setTransform` order) taking triangle `s` onto triangle `d`. */
function affine(s: Point[], d: Point[]): [number, number, number, number, number, number] {
  const [s0, s1, s2] = s as [Point, Point, Point];
  const [d0, d1, d2] = d as [Point, Point, Point];
  const det = area(s0, s1, s2);
  const solve = (axis: 0 | 1) => {
    const u = d1[axis] - d0[axis];
    const v = d2[axis] - d0[axis];
    const x = (u * (s2[1] - s0[1]) - v * (s1[1] - s0[1])) / det;
    const y = (v * (s1[0] - s0[0]) - u * (s2[0] - s0[0])) / det;
    return [x, y, d0[axis] - x * s0[0] - y * s0[1]] as const;
  };
  const [a, c, e] = solve(0);
  const [b, dd, f] = solve(1);
  return [a, b, c, dd, e, f];
}

async function render(
  pictureUrl: string,
  frame: { width: number; height: number; x: number; y: number; side: number },
  turns: Turn[],
): Promise<{ png: string; measures: PoseMeasures | null }[]> {
  const human = new Human(FACE_LIBRARY_CONFIG);
  await human.load();
  const canvas = () => {
    const made = document.createElement('canvas');
    made.width = frame.width;
    made.height = frame.height;
    return made;
  };
  const source = canvas();
  const picture = new Image();
  picture.src = pictureUrl;
  await picture.decode();
  const sourceContext = source.getContext('2d')!;
  sourceContext.fillRect(0, 0, frame.width, frame.height);
  sourceContext.drawImage(picture, frame.x, frame.y, frame.side, frame.side);
  const face = (await human.detect(source)).face[0];
  if (!face) throw new Error('No face in the frontal picture');
  const mesh = face.mesh as unknown as Point[];
  const xs = mesh.map((point) => point[0]);
  const centreX = (Math.min(...xs) + Math.max(...xs)) / 2;
  const centreZ = mesh.reduce((sum, point) => sum + point[2], 0) / mesh.length;
  const triangles: [number, number, number][] = [];
  for (let at = 0; at < human.faceTriangulation.length; at += 3) {
    const [a, b, c] = human.faceTriangulation.slice(at, at + 3) as [number, number, number];
    triangles.push([a, b, c]);
  }
  const frames = turns.map(({ yaw, mirrored }) => {
    const turn = (yaw * Math.PI) / 180;
    const turned: Point[] = mesh.map(([x, y, z]) => {
      const dx = x - centreX;
      const dz = z - centreZ;
      return [
        centreX + dx * Math.cos(turn) + dz * Math.sin(turn),
        y,
        -dx * Math.sin(turn) + dz * Math.cos(turn),
      ];
    });
    const target = canvas();
    const context = target.getContext('2d')!;
    context.fillRect(0, 0, frame.width, frame.height);
    const depth = (t: number[]) => t.reduce((sum, index) => sum + turned[index]![2], 0);
    // The mesh's depth grows away from the camera: the farthest triangles first.
    for (const triangle of [...triangles].sort((a, b) => depth(b) - depth(a))) {
      const from = triangle.map((index) => mesh[index]!);
      const to = triangle.map((index) => turned[index]!);
      const [t0, t1, t2] = to as [Point, Point, Point];
      // A triangle turned away from the camera is not seen.
      if (Math.sign(area(t0, t1, t2)) !== Math.sign(area(from[0]!, from[1]!, from[2]!))) continue;
      const middle = [(t0[0] + t1[0] + t2[0]) / 3, (t0[1] + t1[1] + t2[1]) / 3];
      context.save();
      context.beginPath();
      // Drawn a little larger than it is, or the seams between triangles show.
      for (const point of to)
        context.lineTo(
          middle[0]! + (point[0] - middle[0]!) * 1.06,
          middle[1]! + (point[1] - middle[1]!) * 1.06,
        );
      context.closePath();
      context.clip();
      context.setTransform(...affine(from, to));
      context.drawImage(source, 0, 0);
      context.restore();
    }
    if (!mirrored) return target;
    const flipped = canvas();
    const flippedContext = flipped.getContext('2d')!;
    flippedContext.scale(-1, 1);
    flippedContext.drawImage(target, -frame.width, 0);
    return flipped;
  });
  const rendered = [];
  for (const target of frames) {
    // A black frame first: the library reuses the last face box while a picture barely changes.
    await human.detect(canvas());
    const found = (await human.detect(target)).face[0] as FaceLandmarks | undefined;
    rendered.push({
      png: target.toDataURL('image/png'),
      measures: found ? measureFace(found, frame.width, frame.height) : null,
    });
  }
  return rendered;
}

Object.assign(window, { turnedHead: { render } });
