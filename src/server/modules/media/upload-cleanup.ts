import { listStaleUnreferencedUploads } from './media-repository';
import { discardUploadsCreatedBefore, discardUploadsOf } from './resumable-upload-service';
import type { UploadOwner } from './resumable-upload-repository';
import { ResumableUploadStore } from './resumable-upload-store';
import { removeUpload, UNSAVED_UPLOAD_GRACE_MS, type RemovalDeps } from './upload-removal';

/**
 * Removes every upload no answer refers to that is older than the grace period: uploads that
 * died midway, and files whose earlier removal failed; first the resumable uploads abandoned as
 * long (their parts in the store, their rows; their reservations are among the former), and the
 * rows of finished ones, kept until then to answer a repeated last PATCH.
 */
export async function removeUnreferencedUploads(
  deps: RemovalDeps,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNSAVED_UPLOAD_GRACE_MS);
  await discardUploadsCreatedBefore({ ...deps, uploads: new ResumableUploadStore(deps) }, cutoff);
  const stale = await listStaleUnreferencedUploads(deps.db, cutoff);
  let removed = 0;
  for (const upload of stale) if (await removeUpload(deps, upload)) removed += 1;
  return removed;
}

/**
 * Removes the unfinished resumable uploads of an account or of one assessment (its erasure),
 * before their rows go: only the rows say where the parts are.
 */
export async function removeResumableUploadsOf(
  deps: RemovalDeps,
  owner: UploadOwner,
): Promise<void> {
  await discardUploadsOf({ ...deps, uploads: new ResumableUploadStore(deps) }, owner);
}
