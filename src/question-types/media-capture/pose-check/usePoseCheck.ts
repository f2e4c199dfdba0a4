import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { CaptureCheck } from '../../../shared/contracts/capture-check';
import type { OverlayId } from '../../../shared/overlays';
import {
  evaluatePose,
  isChecked,
  POSE_THRESHOLDS,
  type PoseInstruction,
  type PoseMeasures,
} from './criteria';
import { loadFaceDetector } from './detector';
import { FACE_MODEL_NAME } from './model-files';

/**
 * off: the guide checks nothing, or the camera is not live; loading: the model is on its way;
 * checking: frames are analysed; unavailable: the model could not load or runs too slowly, and
 * the camera works as it would without the check.
 */
export type PoseCheckState = 'off' | 'loading' | 'checking' | 'unavailable';

export interface PoseCheck {
  state: PoseCheckState;
  /** The pose holds in the latest frame. */
  holds: boolean;
  /** The pose has held long enough for the shutter. */
  ready: boolean;
  instruction: PoseInstruction | null;
  /** The instruction for screen readers: changes only when the instruction has settled. */
  announced: PoseInstruction | null;
  /** The check to store with a photo taken now. */
  photoCheck(confirmed: boolean): CaptureCheck | null;
  /** The check to store with the video just recorded. */
  videoCheck(): CaptureCheck | null;
}

/** Frames before the rate is judged: the first ones include the model's warm-up. */
const WARM_UP_FRAMES = 2;
const RATE_FRAMES = 5;
/** An instruction is read out once it has stayed this long. */
const ANNOUNCE_AFTER_MS = 1000;

const checkOf = (
  measures: PoseMeasures | null,
  confirmed: boolean,
  shareInPose: number | null,
): CaptureCheck => ({
  confirmed,
  yaw: measures?.yaw ?? null,
  pitch: measures?.pitch ?? null,
  roll: measures?.roll ?? null,
  mouthOpening: measures ? Math.min(1, measures.mouthOpening) : null,
  faceSize: measures ? Math.min(2, measures.faceHeight) : null,
  shareInPose,
  model: FACE_MODEL_NAME,
});

/**
 * Runs the face model on the live camera while `active` and checks each frame against the
 * guide's criteria (criteria.ts). While `recording`, it runs at a low rate and counts the frames
 * in pose. Frames stay in the browser: only the numbers of `photoCheck`/`videoCheck` are stored.
 */
export function usePoseCheck(
  videoRef: RefObject<HTMLVideoElement | null>,
  guide: OverlayId,
  active: boolean,
  recording: boolean,
): PoseCheck {
  const checked = active && isChecked(guide);
  const [state, setState] = useState<PoseCheckState>('off');
  const [verdict, setVerdict] = useState<{ holds: boolean; instruction: PoseInstruction | null }>({
    holds: false,
    instruction: 'noFace',
  });
  const [ready, setReady] = useState(false);
  const [announced, setAnnounced] = useState<PoseInstruction | null>(null);
  const latest = useRef<PoseMeasures | null>(null);
  const recordingRef = useRef(recording);
  const frames = useRef({ checked: 0, inPose: 0 });

  useEffect(() => {
    recordingRef.current = recording;
    if (recording) frames.current = { checked: 0, inPose: 0 };
  }, [recording]);

  useEffect(() => {
    if (!checked) {
      setState((current) => (current === 'unavailable' ? current : 'off'));
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState('loading');
    void (async () => {
      let detector;
      try {
        detector = await loadFaceDetector();
      } catch {
        if (!stopped) setState('unavailable');
        return;
      }
      if (stopped) return;
      setState('checking');
      let count = 0;
      let detectingMs = 0;
      let heldSince: number | null = null;
      let lastSeen: PoseMeasures | null = null;
      let shown: PoseInstruction | null = null;
      let shownSince = performance.now();
      const step = async () => {
        if (stopped) return;
        const video = videoRef.current;
        const started = performance.now();
        let measures: PoseMeasures | null = null;
        try {
          measures = video ? await detector.detect(video) : null;
        } catch {
          if (!stopped) setState('unavailable');
          return;
        }
        if (stopped) return;
        const now = performance.now();
        count += 1;
        if (count > WARM_UP_FRAMES) detectingMs += now - started;
        if (count === WARM_UP_FRAMES + RATE_FRAMES) {
          // The detection's own time only: the pauses between checks, longer while a video
          // records, are no slowness (a recording started at once switched the check off).
          const fps = (RATE_FRAMES * 1000) / detectingMs;
          if (fps < POSE_THRESHOLDS.minFps) {
            setState('unavailable');
            return;
          }
        }
        latest.current = measures;
        const result = evaluatePose(guide, measures, lastSeen);
        lastSeen = measures ?? lastSeen;
        heldSince = result.holds ? (heldSince ?? now) : null;
        if (recordingRef.current) {
          frames.current.checked += 1;
          if (result.holds) frames.current.inPose += 1;
        }
        setVerdict(result);
        setReady(heldSince !== null && now - heldSince >= POSE_THRESHOLDS.holdMs);
        if (result.instruction !== shown) {
          shown = result.instruction;
          shownSince = now;
        } else if (now - shownSince >= ANNOUNCE_AFTER_MS) {
          setAnnounced(shown);
        }
        const interval = recordingRef.current
          ? POSE_THRESHOLDS.videoIntervalMs
          : POSE_THRESHOLDS.photoIntervalMs;
        const wait = Math.max(0, interval - (now - started));
        timer = setTimeout(() => void step(), wait);
      };
      void step();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      setReady(false);
    };
  }, [checked, guide, videoRef]);

  const photoCheck = useCallback(
    (confirmed: boolean) =>
      state === 'checking' ? checkOf(latest.current, confirmed, null) : null,
    [state],
  );
  const videoCheck = useCallback(() => {
    if (state !== 'checking' || frames.current.checked === 0) return null;
    const share = frames.current.inPose / frames.current.checked;
    return checkOf(
      latest.current,
      share >= POSE_THRESHOLDS.videoConfirmedShare,
      Number(share.toFixed(3)),
    );
  }, [state]);

  return {
    state: checked ? state : state === 'unavailable' ? 'unavailable' : 'off',
    holds: verdict.holds,
    ready,
    instruction: verdict.instruction,
    announced,
    photoCheck,
    videoCheck,
  };
}
