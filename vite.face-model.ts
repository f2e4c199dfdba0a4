import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import {
  FACE_MODEL_FILES,
  FACE_MODEL_PATH,
} from './src/question-types/media-capture/pose-check/model-files';

const NODE_MODULES = join(dirname(fileURLToPath(import.meta.url)), 'node_modules');

/** A file of an installed package (their exports do not list these files). */
function packageFile(folder: string, file: string): string {
  return join(NODE_MODULES, folder, file);
}

const entries = () =>
  Object.entries(FACE_MODEL_FILES).flatMap(([folder, files]) =>
    files.map((file) => ({ file, path: packageFile(folder, file) })),
  );

/**
 * Serves the capture assistant's face model from the product's own origin (issue 31): the
 * build copies the model and WebAssembly files from their packages into dist/client, the dev
 * server answers for them from node_modules. They are fetched only when a photo or video
 * question opens.
 */
export function faceModelFiles(): Plugin {
  return {
    name: 'face-model-files',
    async generateBundle() {
      for (const { file, path } of entries()) {
        this.emitFile({
          type: 'asset',
          fileName: `${FACE_MODEL_PATH.slice(1)}${file}`,
          source: await readFile(path),
        });
      }
    },
    configureServer(server) {
      const byName = new Map<string, string>(entries().map(({ file, path }) => [file, path]));
      server.middlewares.use(FACE_MODEL_PATH, (request, response, next) => {
        const path = byName.get((request.url ?? '').replace(/^\//, '').split('?')[0] ?? '');
        if (!path) return next();
        if (path.endsWith('.wasm')) response.setHeader('content-type', 'application/wasm');
        readFile(path).then((content) => response.end(content), next);
      });
    },
  };
}

/**
 * The library's browser build, bundle of TensorFlow.js included. Its package lists the Node
 * build first in its exports, which the paywall's prerender (a server build) would pick.
 */
export const FACE_LIBRARY_ALIAS = {
  find: /^@vladmandic\/human$/,
  replacement: packageFile('@vladmandic/human/dist', 'human.esm.js'),
};
