import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  evaluatePose,
  GUIDE_CRITERIA,
  POSE_THRESHOLDS,
  type PoseMeasures,
} from '../../src/question-types/media-capture/pose-check/criteria';
import type { OverlayId } from '../../src/shared/overlays';
import { renderTurnedHeads } from '../helpers/capture-check-browser';
import { useE2e } from '../helpers/e2e-fixture';
import type { Placement } from '../helpers/pose-accuracy-page';
import { measureFace, openPoseHarness } from '../helpers/pose-harness';
import { labelledFaces, type LabelledFace } from '../helpers/pose-faces';

const e2e = useE2e();

/**
 * How each labelled face is shown to the model, and what that does to the label: a mirrored
 * face keeps its pose with the nose on the other side; a face rolled by 25° is no longer upright;
 * far, near and off-centre faces break the size or the centring.
 */
const VARIANTS = {
  centred: { side: 0.85, rotate: 0, mirror: false, shift: 0 },
  mirrored: { side: 0.85, rotate: 0, mirror: true, shift: 0 },
  'rolled left': { side: 0.85, rotate: -25, mirror: false, shift: 0 },
  'rolled right': { side: 0.85, rotate: 25, mirror: false, shift: 0 },
  far: { side: 0.35, rotate: 0, mirror: false, shift: 0 },
  near: { side: 1.45, rotate: 0, mirror: false, shift: 0 },
  'off centre': { side: 0.85, rotate: 0, mirror: false, shift: 0.25 },
} satisfies Record<string, Placement>;
type Variant = keyof typeof VARIANTS;

const GUIDES = (Object.keys(GUIDE_CRITERIA) as OverlayId[]).filter((guide) => guide !== 'none');

/** What the label says of one sample, per guide and per criterion; undefined: not labelled. */
interface Expected {
  guides: Partial<Record<OverlayId, boolean>>;
  criteria: Partial<Record<Criterion, boolean>>;
}

type Criterion =
  | 'face found'
  | 'size in range'
  | 'centred'
  | 'yaw and pitch frontal'
  | 'roll upright'
  | 'mouth open'
  | 'irises displaced'
  | 'profile'
  | 'nose side';

function expectedOf(face: LabelledFace | null, variant: Variant): Expected {
  if (!face) {
    return {
      guides: Object.fromEntries(GUIDES.map((guide) => [guide, false])),
      criteria: { 'face found': false },
    };
  }
  const plain = variant === 'centred' || variant === 'mirrored';
  const rolled = variant.startsWith('rolled');
  const frontal = face.pose === 'frontal';
  const poseHolds = plain && frontal;
  const guides: Expected['guides'] = {};
  for (const guide of GUIDES) {
    if (guide === 'face-guide') guides[guide] = poseHolds;
    else if (guide === 'teeth-guide')
      guides[guide] =
        poseHolds && face.mouth === 'smile' ? undefined : poseHolds && face.mouth === 'open';
    // Every face looks into the camera and none is a profile.
    else guides[guide] = false;
  }
  const noseSide = face.nose && (variant === 'mirrored' ? opposite(face.nose) : face.nose);
  return {
    guides,
    criteria: {
      'face found': true,
      // A rolled face's outline is taller than the face: its size is not labelled.
      'size in range': rolled ? undefined : variant !== 'far' && variant !== 'near',
      centred: variant !== 'off centre',
      'yaw and pitch frontal': frontal,
      'roll upright': !rolled,
      'mouth open': face.mouth === 'smile' ? undefined : face.mouth === 'open',
      // A turned head looking into the camera has its irises off the eyes' centres.
      'irises displaced': frontal ? false : undefined,
      profile: false,
      'nose side': noseSide && (variant === 'centred' || variant === 'mirrored') ? true : undefined,
    },
  };
}

const opposite = (side: 'left' | 'right') => (side === 'left' ? 'right' : 'left');

/** What the model's measures say, per criterion, with the thresholds of criteria.ts. */
function measuredOf(
  measures: PoseMeasures | null,
  face: LabelledFace | null,
  variant: Variant,
): Partial<Record<Criterion, boolean>> {
  if (!measures) return { 'face found': false };
  const t = POSE_THRESHOLDS;
  const noseSide = face?.nose && (variant === 'mirrored' ? opposite(face.nose) : face.nose);
  return {
    'face found': true,
    'size in range':
      measures.faceHeight >= t.faceHeight.min && measures.faceHeight <= t.faceHeight.max,
    centred:
      Math.abs(measures.centreX - 0.5) <= t.centreTolerance &&
      Math.abs(measures.centreY - 0.5) <= t.centreTolerance,
    'yaw and pitch frontal':
      Math.abs(measures.yaw) <= t.frontal.yaw && Math.abs(measures.pitch) <= t.frontal.pitch,
    'roll upright': Math.abs(measures.roll) <= t.frontal.roll,
    'mouth open': measures.mouthOpening >= t.mouthOpening,
    'irises displaced':
      Math.abs(measures.gazeX) >= t.gaze.horizontal || Math.abs(measures.gazeY) >= t.gaze.vertical,
    profile:
      evaluatePose('profile-left', measures).holds || evaluatePose('profile-right', measures).holds,
    'nose side': noseSide
      ? Math.sign(measures.noseOffset) === (noseSide === 'left' ? -1 : 1)
      : undefined,
  };
}

interface Tally {
  right: number;
  total: number;
  positives: number;
}
const tally = (): Tally => ({ right: 0, total: 0, positives: 0 });
const count = (into: Tally, expected: boolean | undefined, actual: boolean | undefined) => {
  if (expected === undefined || actual === undefined) return;
  into.total += 1;
  if (expected) into.positives += 1;
  if (expected === actual) into.right += 1;
};
const share = ({ right, total }: Tally) => (total === 0 ? 1 : right / total);

describe('capture check accuracy on labelled faces (issue 31)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pose-faces-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the real model and the criteria agree with the labels on ≥ 90 % of samples per guide', async () => {
    const faces = labelledFaces(dir);
    const page = await e2e.newPage();
    await openPoseHarness(page);
    const modelFiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/face-model/')) modelFiles.push(request.url());
    });

    const guides = Object.fromEntries(GUIDES.map((guide) => [guide, tally()]));
    const criteria: Partial<Record<Criterion, Tally>> = {};
    const misses: string[] = [];
    const readings: string[] = [];
    const frontalPitch: number[] = [];
    const tighterPitch = tally();
    const times: number[] = [];
    const samples: [LabelledFace | null, Variant][] = [
      ...faces.flatMap((face) =>
        (Object.keys(VARIANTS) as Variant[]).map((variant): [LabelledFace, Variant] => [
          face,
          variant,
        ]),
      ),
      [null, 'centred'],
    ];
    for (const [face, variant] of samples) {
      const { measures, ms } = await measureFace(page, face?.dataUrl ?? null, VARIANTS[variant]);
      times.push(ms);
      if (face?.pose === 'frontal' && variant === 'centred' && measures)
        frontalPitch.push(measures.pitch);
      const expected = expectedOf(face, variant);
      const label = `${face?.name ?? 'no face'} ${variant}`;
      // The issue asks for pitch within about ±10°; criteria.ts allows 15 (docs/capture-check.md).
      count(
        tighterPitch,
        expected.guides['face-guide'],
        evaluatePose('face-guide', measures).holds && Math.abs(measures?.pitch ?? 0) <= 10,
      );
      for (const guide of GUIDES) {
        const holds = evaluatePose(guide, measures).holds;
        count(guides[guide]!, expected.guides[guide], holds);
        if (expected.guides[guide] !== undefined && expected.guides[guide] !== holds)
          misses.push(`${label}: ${guide} ${holds ? 'holds' : 'refused'}`);
      }
      const measured = measuredOf(measures, face, variant);
      for (const [name, value] of Object.entries(expected.criteria) as [Criterion, boolean][]) {
        count((criteria[name] ??= tally()), value, measured[name]);
        if (measured[name] !== undefined && value !== undefined && measured[name] !== value)
          misses.push(`${label}: ${name} ${measured[name] ? 'yes' : 'no'}`);
      }
      if (face && measures && variant === 'centred')
        readings.push(
          `  ${face.name}: yaw ${measures.yaw} pitch ${measures.pitch} roll ${measures.roll} height ${measures.faceHeight} mouth ${measures.mouthOpening} gaze ${measures.gazeX}/${measures.gazeY} nose ${measures.noseOffset}`,
        );
    }

    const percent = (t: Tally) => `${(share(t) * 100).toFixed(1)} %`;
    console.log(
      [
        `${faces.length} labelled faces x ${Object.keys(VARIANTS).length} placements + 1 empty frame = ${samples.length} samples`,
        'per guide (right / labelled, of which the pose holds):',
        ...GUIDES.map(
          (g) =>
            `  ${g}: ${percent(guides[g]!)} (${guides[g]!.right}/${guides[g]!.total}, ${guides[g]!.positives} holding)`,
        ),
        'per criterion:',
        ...Object.entries(criteria).map(
          ([name, t]) => `  ${name}: ${percent(t)} (${t.right}/${t.total}, ${t.positives} true)`,
        ),
        `pitch of the centred frontal faces: ${frontalPitch.sort((a, b) => a - b).join(', ')}`,
        `face-guide with pitch ±10°: ${percent(tighterPitch)} (${tighterPitch.right}/${tighterPitch.total})`,
        `detection: median ${times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!.toFixed(0)} ms`,
        'readings of the centred faces:',
        ...readings,
        'misses:',
        ...misses.map((miss) => `  ${miss}`),
      ].join('\n'),
    );

    // The product's own served model, nothing from elsewhere.
    expect(modelFiles.some((url) => url.endsWith('/face-model/facemesh.bin'))).toBe(true);
    expect(modelFiles.every((url) => url.startsWith(e2e.server.baseUrl))).toBe(true);
    for (const guide of GUIDES) expect(share(guides[guide]!), guide).toBeGreaterThanOrEqual(0.9);
  }, 600_000);

  it('turned heads, rendered: refused by the frontal guides, the nose side right; what the model reads', async () => {
    // Turned to the patient's left, and mirrored: to their right. No installed picture shows a
    // head turned this far, so the frontal face's own mesh is turned (turned-head-page.ts).
    const yaws = [-30, -45, -60, -75, -90];
    const page = await e2e.newPage();
    const heads = await renderTurnedHeads(
      dir,
      page,
      [false, true].flatMap((mirrored) => yaws.map((yaw) => ({ yaw, mirrored }))),
    );
    const lines = heads.map(({ yaw, mirrored, measures: m }) => {
      const turned = `${Math.abs(yaw)}° to the patient's ${mirrored ? 'right' : 'left'}`;
      return m
        ? `  ${turned}: yaw ${m.yaw}, pitch ${m.pitch}, nose ${m.noseOffset}`
        : `  ${turned}: no face`;
    });
    console.log(['rendered turned heads, as the model reads them:', ...lines].join('\n'));
    const seen = heads.filter((head) => head.measures);
    // Every turn the model still sees: no frontal guide takes it, and the nose points the way
    // the head turned (to the photo's right when the patient turns to their left).
    expect(seen.length).toBeGreaterThanOrEqual(4);
    for (const { yaw, mirrored, measures } of seen) {
      const label = `${yaw}°${mirrored ? ' mirrored' : ''}`;
      for (const guide of GUIDES.filter((g) => GUIDE_CRITERIA[g]?.frontal))
        expect(evaluatePose(guide, measures).holds, `${label} ${guide}`).toBe(false);
      expect(Math.sign(measures!.noseOffset), `${label} nose`).toBe(mirrored ? -1 : 1);
    }
  }, 300_000);
});
