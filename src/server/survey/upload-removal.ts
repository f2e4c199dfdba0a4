import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mediaUploads, responses } from '../db/schema';
import type { MediaStore } from '../media/media-store';

/**
 * How long an upload no answer refers to is kept. The survey saves a photo's answer when the
 * patient moves on, which may be a while after the upload; a day covers any pause within one
 * sitting, and an upload still streaming after a day is dead (the media store gives up on its
 * partial file after a day too).
 */
export const UNSAVED_UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

export interface RemovalDeps {
  db: Db;
  media: MediaStore;
  log: FastifyBaseLogger;
}

/** No answer of the upload's assessment refers to it (evaluated in a query on media_uploads). */
const unreferenced = sql`NOT EXISTS (SELECT 1 FROM ${responses}
  WHERE ${responses.accessCodeId} = ${mediaUploads.accessCodeId}
    AND ${responses.mediaPath} = ${mediaUploads.path})`;

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
    const deleted = await deps.db
      .delete(mediaUploads)
      .where(and(eq(mediaUploads.id, upload.id), unreferenced))
      .returning({ id: mediaUploads.id });
    return deleted.length > 0;
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
  accessCodeId: number,
  path: string,
): Promise<boolean> {
  const [upload] = await deps.db
    .select({ id: mediaUploads.id, path: mediaUploads.path })
    .from(mediaUploads)
    .where(
      and(eq(mediaUploads.accessCodeId, accessCodeId), eq(mediaUploads.path, path), unreferenced),
    )
    .catch((error: unknown) => {
      deps.log.warn(
        { code: (error as { code?: unknown }).code },
        'finding a replaced upload failed',
      );
      return [];
    });
  return upload ? removeUpload(deps, upload) : false;
}

/**
 * Removes every upload no answer refers to that is older than the grace period: takes the
 * patient never saved, uploads that died midway, and files whose earlier removal failed.
 */
export async function removeUnreferencedUploads(
  deps: RemovalDeps,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNSAVED_UPLOAD_GRACE_MS);
  const stale = await deps.db
    .select({ id: mediaUploads.id, path: mediaUploads.path })
    .from(mediaUploads)
    .where(and(lt(mediaUploads.createdAt, cutoff), unreferenced));
  let removed = 0;
  for (const upload of stale) if (await removeUpload(deps, upload)) removed += 1;
  return removed;
}
