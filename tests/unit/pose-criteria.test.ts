import { describe, expect, it } from 'vitest';
import {
  evaluatePose,
  POSE_THRESHOLDS,
  type PoseMeasures,
} from '../../src/question-types/media-capture/pose-check/criteria';

/** A frontal, centred face at a good distance, mouth closed, eyes straight ahead. */
const FRONTAL: PoseMeasures = {
  centreX: 0.5,
  centreY: 0.5,
  faceHeight: 0.6,
  yaw: 0,
  pitch: 0,
  roll: 0,
  noseOffset: 0,
  mouthOpening: 0.01,
  gazeX: 0,
  gazeY: 0,
};
const pose = (change: Partial<PoseMeasures>): PoseMeasures => ({ ...FRONTAL, ...change });

describe('capture check criteria (issue 31)', () => {
  it('confirms a frontal centred face for the face guide and says what to fix otherwise', () => {
    expect(evaluatePose('face-guide', FRONTAL)).toEqual({ holds: true, instruction: null });
    expect(evaluatePose('face-guide', null).instruction).toBe('noFace');
    expect(evaluatePose('face-guide', pose({ faceHeight: 0.3 })).instruction).toBe('moveCloser');
    expect(evaluatePose('face-guide', pose({ faceHeight: 0.8 })).instruction).toBe('moveBack');
    expect(evaluatePose('face-guide', pose({ centreX: 0.7 })).instruction).toBe('centre');
    expect(evaluatePose('face-guide', pose({ yaw: 15 })).instruction).toBe('lookStraight');
    expect(evaluatePose('face-guide', pose({ pitch: -17 })).instruction).toBe('lookStraight');
    expect(evaluatePose('face-guide', pose({ roll: 14 })).instruction).toBe('headStraight');
    expect(evaluatePose('face-guide', pose({ yaw: 9, pitch: -14, roll: 9 })).holds).toBe(true);
  });

  it('face height bounds are the issue’s 45-75 % of the capture area', () => {
    expect(POSE_THRESHOLDS.faceHeight).toEqual({ min: 0.45, max: 0.75 });
    expect(evaluatePose('face-guide', pose({ faceHeight: 0.45 })).holds).toBe(true);
    expect(evaluatePose('face-guide', pose({ faceHeight: 0.75 })).holds).toBe(true);
  });

  it('asks for a wider mouth on the teeth guide only', () => {
    expect(evaluatePose('teeth-guide', FRONTAL).instruction).toBe('openMouth');
    expect(evaluatePose('teeth-guide', pose({ mouthOpening: 0.1 })).holds).toBe(true);
    expect(evaluatePose('face-guide', pose({ mouthOpening: 0.1 })).holds).toBe(true);
  });

  it('wants the irises moved the asked way with the head frontal (patient’s left = photo’s right)', () => {
    expect(evaluatePose('look-left', FRONTAL).instruction).toBe('lookLeft');
    expect(evaluatePose('look-left', pose({ gazeX: 0.15 })).holds).toBe(true);
    expect(evaluatePose('look-left', pose({ gazeX: -0.15 })).holds).toBe(false);
    expect(evaluatePose('look-right', pose({ gazeX: -0.15 })).holds).toBe(true);
    expect(evaluatePose('look-up', pose({ gazeY: -0.1 })).holds).toBe(true);
    expect(evaluatePose('look-down', pose({ gazeY: 0.1 })).holds).toBe(true);
    expect(evaluatePose('look-down', pose({ gazeY: 0.1, yaw: 20 })).instruction).toBe(
      'lookStraight',
    );
  });

  it('left profile: head turned beyond 60° with the nose to the photo’s left, and vice versa', () => {
    expect(evaluatePose('profile-left', FRONTAL).instruction).toBe('turnHeadRight');
    expect(evaluatePose('profile-right', FRONTAL).instruction).toBe('turnHeadLeft');
    const left = pose({ yaw: -65, noseOffset: -0.8 });
    expect(evaluatePose('profile-left', left).holds).toBe(true);
    expect(evaluatePose('profile-right', left).holds).toBe(false);
    expect(evaluatePose('profile-right', pose({ yaw: 65, noseOffset: 0.8 })).holds).toBe(true);
    // Half turned is not a profile, even with the nose near the outline (the accuracy set's
    // heads turned 17-34° read a nose offset of 0.7-1.5).
    expect(evaluatePose('profile-left', pose({ yaw: -35, noseOffset: -0.4 })).holds).toBe(false);
    expect(evaluatePose('profile-left', pose({ yaw: 24, noseOffset: -0.9 })).holds).toBe(false);
    expect(evaluatePose('profile-left', pose({ yaw: 34, noseOffset: -1.5 })).holds).toBe(false);
    // The model's yaw reads low on strongly turned heads: past 45° with the nose at the outline.
    expect(evaluatePose('profile-left', pose({ yaw: 50, noseOffset: -1.5 })).holds).toBe(true);
    // A frontal face is not a profile, and the profile's face may sit further from the centre.
    expect(
      evaluatePose('profile-left', pose({ yaw: -70, noseOffset: -0.9, centreX: 0.66 })).holds,
    ).toBe(true);
  });

  it('a profile guide’s head lost after turning the asked way is out of the model’s sight, not gone', () => {
    // Last seen turned to the patient's left (nose to the photo's right): the right profile.
    const turnedLeft = pose({ yaw: -30, noseOffset: 1.2 });
    expect(evaluatePose('profile-right', null, turnedLeft).instruction).toBe('profileOutOfSight');
    expect(evaluatePose('profile-left', null, turnedLeft).instruction).toBe('noFace');
    // Barely turned, or never seen: the patient has left the camera.
    expect(
      evaluatePose('profile-right', null, pose({ yaw: -12, noseOffset: 0.6 })).instruction,
    ).toBe('noFace');
    expect(evaluatePose('profile-right', null).instruction).toBe('noFace');
    // The frontal guides say "no face" whatever came before.
    expect(evaluatePose('face-guide', null, turnedLeft).instruction).toBe('noFace');
  });

  it('checks nothing for the guide "none"', () => {
    expect(evaluatePose('none', null).holds).toBe(true);
  });
});
