import type { OverlayId } from '../../../shared/overlays';

/**
 * What the face model measured on one frame, in the coordinates of the stored photo (the
 * capture area, not mirrored): positions and sizes relative to the area's side, angles in
 * degrees. Directions in the criteria are the patient's own: the patient's left is the
 * photo's right, whether or not the preview is shown mirrored.
 */
export interface PoseMeasures {
  /** Centre of the face, 0..1 across and down the capture area. */
  centreX: number;
  centreY: number;
  /** Forehead-to-chin height of the face mesh relative to the area's side. */
  faceHeight: number;
  /** Head angles of the model: yaw, pitch and roll. */
  yaw: number;
  pitch: number;
  roll: number;
  /**
   * Where the nose points in the photo: the nose tip's offset from the middle of the face's
   * outline, relative to half the face's width; negative towards the photo's left.
   */
  noseOffset: number;
  /** Inner-lip gap relative to the face's height. */
  mouthOpening: number;
  /**
   * Mean iris offset from the eye's centre relative to the eye's width: x positive towards the
   * photo's right (the patient's left), y positive downwards.
   */
  gazeX: number;
  gazeY: number;
}

/**
 * Every threshold of the capture check in one table (docs/capture-check.md explains each):
 * the face guide's "natural position", the teeth guide's open mouth, the eye directions and the
 * profiles.
 */
export const POSE_THRESHOLDS = {
  /** The face's centre may be this far from the capture area's centre, across and down. */
  centreTolerance: 0.12,
  /** Face height in the capture area for the frontal guides. */
  faceHeight: { min: 0.45, max: 0.75 },
  /**
   * Head angles of a frontal pose (degrees, either way). Pitch allows 15, not the 10:
   * the model reads up to 13.4° on faces looking straight into the camera; at 10 the face guide
   * scores 89.6 % on the accuracy set and the frontal clip never enables the shutter
   * (docs/capture-check.md).
   */
  frontal: { yaw: 10, pitch: 15, roll: 10 },
  /** Teeth guide: inner-lip gap at least this share of the face's height. */
  mouthOpening: 0.06,
  /** Eye directions: iris offset, relative to the eye's width, in the asked direction. */
  gaze: { horizontal: 0.1, vertical: 0.06 },
  /** Profiles: the head turned at least this far (degrees)… */
  profileYaw: 60,
  /**
   * …or the nose at or beyond the face's outline (the measure's limit) with the head turned at
   * least `profileNoseYaw`: the model's yaw reads low on strongly turned heads, but the nose
   * offset alone is no profile: it reads 0.5-0.9 at 12-24° and 1.5 at 34°
   * (docs/capture-check.md, accuracy set).
   */
  profileNoseOffset: 1.5,
  profileNoseYaw: 45,
  /**
   * Profiles: a head last seen turned at least this far the asked way and then lost is in
   * profile, not gone: the model reads at most about 28° on heads turned 30-60° and finds no
   * face beyond 60-75° (docs/capture-check.md, turned heads).
   */
  profileSeenYaw: 20,
  /** Profiles: a face seen from the side is narrower; its centre may be further off. */
  profileCentreTolerance: 0.2,
  profileFaceHeight: { min: 0.4, max: 0.8 },
  /** The pose must hold this long before the shutter enables. */
  holdMs: 500,
  /** Below this detection rate the check is switched off and the camera works as before. */
  minFps: 3,
  /** Before the shutter, the check runs at most this often (about 10 frames a second)… */
  photoIntervalMs: 100,
  /** …and during a video recording at most this often. */
  videoIntervalMs: 500,
  /** A video counts as confirmed when the pose held in at least this share of checked frames. */
  videoConfirmedShare: 0.8,
} as const;

type Side = 'left' | 'right';
type Direction = Side | 'up' | 'down';

/** What one guide asks of the pose. */
interface GuideCriteria {
  frontal: boolean;
  mouthOpen?: true;
  gaze?: Direction;
  /** The side of the face the camera must see. */
  profile?: Side;
}

/** Which criteria each camera guide checks; "none" checks nothing. */
export const GUIDE_CRITERIA: Record<OverlayId, GuideCriteria | null> = {
  none: null,
  'face-guide': { frontal: true },
  'teeth-guide': { frontal: true, mouthOpen: true },
  'look-left': { frontal: true, gaze: 'left' },
  'look-right': { frontal: true, gaze: 'right' },
  'look-up': { frontal: true, gaze: 'up' },
  'look-down': { frontal: true, gaze: 'down' },
  'profile-left': { frontal: false, profile: 'left' },
  'profile-right': { frontal: false, profile: 'right' },
};

/** The one instruction shown at a time (keys of the "pose-check" texts). */
export type PoseInstruction =
  | 'noFace'
  | 'moveCloser'
  | 'moveBack'
  | 'centre'
  | 'lookStraight'
  | 'headStraight'
  | 'openMouth'
  | 'lookLeft'
  | 'lookRight'
  | 'lookUp'
  | 'lookDown'
  | 'turnHeadLeft'
  | 'turnHeadRight'
  | 'profileOutOfSight';

export interface PoseVerdict {
  holds: boolean;
  /** The first thing to correct, or null when the pose holds. */
  instruction: PoseInstruction | null;
}

const HOLDS: PoseVerdict = { holds: true, instruction: null };
const fix = (instruction: PoseInstruction): PoseVerdict => ({ holds: false, instruction });

const GAZE_INSTRUCTION = {
  left: 'lookLeft',
  right: 'lookRight',
  up: 'lookUp',
  down: 'lookDown',
} as const;

/** Whether the irises are displaced in the asked direction (the patient's own left/right). */
function gazeHolds(measures: PoseMeasures, direction: Direction): boolean {
  const { horizontal, vertical } = POSE_THRESHOLDS.gaze;
  switch (direction) {
    case 'left':
      return measures.gazeX >= horizontal;
    case 'right':
      return measures.gazeX <= -horizontal;
    case 'up':
      return measures.gazeY <= -vertical;
    case 'down':
      return measures.gazeY >= vertical;
  }
}

/**
 * The camera sees the patient's left side when the patient turns the head to their right: the
 * nose then points to the photo's left (negative offset).
 */
const pointsTo = (measures: PoseMeasures, side: Side) =>
  Math.sign(measures.noseOffset) === (side === 'left' ? -1 : 1);

/** Turned the asked way, and far enough (criteria above). */
function profileHolds(measures: PoseMeasures, side: Side): boolean {
  const pointing = pointsTo(measures, side);
  const yaw = Math.abs(measures.yaw);
  const turned =
    yaw >= POSE_THRESHOLDS.profileYaw ||
    (Math.abs(measures.noseOffset) >= POSE_THRESHOLDS.profileNoseOffset &&
      yaw >= POSE_THRESHOLDS.profileNoseYaw);
  return pointing && turned;
}

/**
 * Checks one frame's measures against a guide: the pose holds, or the first thing to fix.
 * `lastSeen`: the measures of the last frame that showed a face, which tell a profile guide's
 * patient turned out of the model's sight from one who left the camera.
 */
export function evaluatePose(
  guide: OverlayId,
  measures: PoseMeasures | null,
  lastSeen: PoseMeasures | null = null,
): PoseVerdict {
  const criteria = GUIDE_CRITERIA[guide];
  if (!criteria) return HOLDS;
  if (!measures) {
    const turnedAway =
      criteria.profile &&
      lastSeen &&
      pointsTo(lastSeen, criteria.profile) &&
      Math.abs(lastSeen.yaw) >= POSE_THRESHOLDS.profileSeenYaw;
    return fix(turnedAway ? 'profileOutOfSight' : 'noFace');
  }
  const t = POSE_THRESHOLDS;
  const size = criteria.profile ? t.profileFaceHeight : t.faceHeight;
  if (measures.faceHeight < size.min) return fix('moveCloser');
  if (measures.faceHeight > size.max) return fix('moveBack');
  const tolerance = criteria.profile ? t.profileCentreTolerance : t.centreTolerance;
  if (Math.abs(measures.centreX - 0.5) > tolerance || Math.abs(measures.centreY - 0.5) > tolerance)
    return fix('centre');
  if (criteria.profile) {
    if (profileHolds(measures, criteria.profile)) return HOLDS;
    // The left profile needs the head turned to the patient's right, and the other way round.
    return fix(criteria.profile === 'left' ? 'turnHeadRight' : 'turnHeadLeft');
  }
  if (Math.abs(measures.yaw) > t.frontal.yaw || Math.abs(measures.pitch) > t.frontal.pitch)
    return fix('lookStraight');
  if (Math.abs(measures.roll) > t.frontal.roll) return fix('headStraight');
  if (criteria.mouthOpen && measures.mouthOpening < t.mouthOpening) return fix('openMouth');
  if (criteria.gaze && !gazeHolds(measures, criteria.gaze))
    return fix(GAZE_INSTRUCTION[criteria.gaze]);
  return HOLDS;
}

/** Whether a guide is checked at all. */
export const isChecked = (guide: OverlayId): boolean => GUIDE_CRITERIA[guide] !== null;
