import type { PoseMeasures } from './criteria';
import { measureFace, type FaceLandmarks } from './measure';
import { FACE_MODEL_PATH } from './model-files';

/** The live camera, or a picture drawn on a canvas (the accuracy test's labelled faces). */
export type FaceFrame = HTMLVideoElement | HTMLCanvasElement;

/** Finds one face in a frame and measures it; null when there is none. */
export interface FaceDetector {
  detect(frame: FaceFrame): Promise<PoseMeasures | null>;
}

const sizeOf = (frame: FaceFrame) =>
  frame instanceof HTMLVideoElement
    ? { width: frame.readyState < 2 ? 0 : frame.videoWidth, height: frame.videoHeight }
    : { width: frame.width, height: frame.height };

/**
 * Only the face parts the check needs: BlazeFace, FaceMesh and Iris. Everything else the
 * library can do (age, emotion, body, hands…) stays off, so its models are never fetched.
 * (Exported for the tests, which render turned heads from the same model's face mesh.)
 */
export const FACE_LIBRARY_CONFIG = {
  backend: 'wasm',
  modelBasePath: FACE_MODEL_PATH,
  wasmPath: FACE_MODEL_PATH,
  warmup: 'none',
  debug: false,
  async: true,
  cacheModels: false,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: true, maxDetected: 1, return: false },
    mesh: { enabled: true },
    iris: { enabled: true },
    attention: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
} as const;

/** BlazeFace, FaceMesh and Iris. */
const MODEL_COUNT = 3;

let loading: Promise<FaceDetector> | null = null;

/**
 * Loads the library and its model once per page, on the first call: the survey's first screen
 * and the paywall never fetch them (the import is dynamic, its chunk separate). A failed load
 * is tried again on the next media question.
 */
export function loadFaceDetector(): Promise<FaceDetector> {
  loading ??= createDetector().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function createDetector(): Promise<FaceDetector> {
  const { Human } = await import('@vladmandic/human');
  const human = new Human(FACE_LIBRARY_CONFIG);
  await human.load();
  // The library logs a model it could not fetch and goes on without it: a blocked or missing
  // file must fail the load, so the camera falls back to working without the check.
  if (human.models.stats().numLoadedModels < MODEL_COUNT)
    throw new Error('The face model did not load');
  return {
    async detect(frame) {
      const { width, height } = sizeOf(frame);
      if (width === 0) return null;
      const result = await human.detect(frame);
      const face = result.face[0] as FaceLandmarks | undefined;
      return face ? measureFace(face, width, height) : null;
    },
  };
}
