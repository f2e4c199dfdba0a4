import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { deleteUnreferencedUploadRow, findUnreferencedUpload } from './media-repository';
import type { MediaStore } from './media-store';

/**
 * How long an upload no answer refers to is kept. An upload becomes its question's answer the
 * moment it finishes, so what no answer refers to is left over: an upload still streaming (or
 * dead midway), or a replaced file whose removal failed. A day covers any upload still
 * streaming (the media store gives up on its partial file after a day too); within it, a fresh
 * upload may also be saved as the answer of another question of its type.
 */
export const UNSAVED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export interface RemovalDeps {
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
}

/**
 * Removes the files of rows already deleted (an erasure, a refund that erases the answers) and
 * counts those removed. No row is left for the clean-up job to find again, so a file that
 * stays is logged by its path, a random name that says nothing about the patient.
 */
export async function removeFilesOfDeletedRows(
  deps: { media: MediaStore; log?: FastifyBaseLogger },
  paths: string[],
): Promise<number> {
  let removed = 0;
  for (const path of paths) {
    await deps.media.remove(path).then(
      () => (removed += 1),
      (error: unknown) => deps.log?.error({ err: error, path }, 'a deleted upload’s file stayed'),
    );
  }
  return removed;
}

/**
 * Removes the file, then its row. The file goes first so that a file which cannot be removed
 * keeps its row, and the clean-up job finds it again. Never throws: the caller's own work (a
 * saved answer) is done, so a failure here is only logged, without anything about the patient.
 */
export async function removeUpload(
  deps: RemovalDeps,
  upload: { id: number; path: string },
): Promise<boolean> {
  try {
    await deps.media.remove(upload.path);
    return await deleteUnreferencedUploadRow(deps.db, upload.id);
  } catch (error) {
    deps.log.warn(
      { uploadId: upload.id, code: (error as { code?: unknown }).code },
      'removing an upload failed; the clean-up job tries again',
    );
    return false;
  }
}

/**
 * Removes an upload of the assessment that no answer refers to any more: the photo or video a
 * Retake replaced. One still referred to (the same file saved again) is kept.
 */
export async function discardUnreferencedUpload(
  deps: RemovalDeps,
  assessmentId: number,
  path: string,
): Promise<boolean> {
  const upload = await findUnreferencedUpload(deps.db, assessmentId, path).catch(
    (error: unknown) => {
      deps.log.warn(
        { code: (error as { code?: unknown }).code },
        'finding a replaced upload failed',
      );
      return undefined;
    },
  );
  return upload ? removeUpload(deps, upload) : false;
}
