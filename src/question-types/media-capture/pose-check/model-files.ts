/**
 * The face model's files, served by the product from its own origin under FACE_MODEL_PATH (the
 * client build copies them there from node_modules: vite.face-model.ts). Nothing is fetched
 * from a model hub or a CDN at run time.
 */
export const FACE_MODEL_PATH = '/face-model/';

/** The package and version named in every stored check. */
export const FACE_MODEL_NAME = '@vladmandic/human 3.3.6 blazeface+facemesh+iris';

/** BlazeFace finds the face, FaceMesh places 468 landmarks, Iris the two irises. */
export const FACE_MODEL_FILES = {
  '@vladmandic/human/models': [
    'blazeface.json',
    'blazeface.bin',
    'facemesh.json',
    'facemesh.bin',
    'iris.json',
    'iris.bin',
  ],
  // TensorFlow.js's WebAssembly backend: the browser picks the variant it supports.
  '@tensorflow/tfjs-backend-wasm/dist': [
    'tfjs-backend-wasm.wasm',
    'tfjs-backend-wasm-simd.wasm',
    'tfjs-backend-wasm-threaded-simd.wasm',
  ],
} as const;
