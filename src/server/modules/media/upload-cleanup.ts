import { listStaleUnreferencedUploads } from './media-repository';
import { discardUploadsCreatedBefore, discardUploadsOfAccount } from './resumable-upload-service';
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

/** Removes the unfinished resumable uploads of an account (its erasure), before its rows go. */
export async function removeResumableUploadsOfAccount(
  deps: RemovalDeps,
  userId: number,
): Promise<void> {
  await discardUploadsOfAccount({ ...deps, uploads: new ResumableUploadStore(deps) }, userId);
}
