import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessCodes, mediaUploads } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import type { MediaKind } from './media-sniff';
import type { PatientScope } from './responses-service';

export interface UploadQuota {
  /** Files one assessment may keep, uploads in progress included. */
  files: number;
  /** Bytes one assessment may keep, uploads in progress counted at their reservation. */
  bytes: number;
  /** Largest single file (MEDIA_MAX_BYTES). */
  fileBytes: number;
}

export interface Reservation {
  id: number;
  path: string;
  /** The most this upload may write: the rest of the quota, at most one file's limit. */
  maxBytes: number;
}

export const quotaExceeded = () => new AppError(413, 'survey.mediaQuotaExceeded');

/**
 * Takes an upload's place in the assessment's quota before any byte is stored: a media_uploads
 * row in state "uploading", whose size is the most the upload may still write. The assessment
 * row is locked while the kept files are counted, so two uploads of one assessment, on any
 * number of server instances, are counted one after the other and cannot both take the last
 * place. `expectedBytes` (the request's Content-Length, when the client sent one) bounds the
 * reservation, so an upload does not hold back more than it can use.
 */
export async function reserveUpload(
  db: Db,
  scope: PatientScope,
  quota: UploadQuota,
  upload: { path: string; kind: MediaKind; expectedBytes: number | undefined },
): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const [code] = await tx
      .select({ id: accessCodes.id })
      .from(accessCodes)
      .where(eq(accessCodes.id, scope.accessCodeId))
      .for('no key update');
    if (!code) throw notFound();
    const [used] = await tx
      .select({
        files: count(),
        bytes: sql<number>`coalesce(sum(${mediaUploads.sizeBytes}), 0)`.mapWith(Number),
      })
      .from(mediaUploads)
      .where(eq(mediaUploads.accessCodeId, scope.accessCodeId));
    const room = quota.bytes - (used?.bytes ?? 0);
    if ((used?.files ?? 0) >= quota.files || room <= 0) throw quotaExceeded();
    const maxBytes = Math.min(quota.fileBytes, room, upload.expectedBytes ?? Infinity);
    const [row] = await tx
      .insert(mediaUploads)
      .values({
        userId: scope.userId,
        accessCodeId: scope.accessCodeId,
        path: upload.path,
        mediaType: upload.kind.mediaType,
        mimeType: upload.kind.mime,
        status: 'uploading',
        sizeBytes: maxBytes,
      })
      .returning({ id: mediaUploads.id });
    return { id: row!.id, path: upload.path, maxBytes };
  });
}

/**
 * Records the finished upload at its real size. False when the reservation is gone: the
 * patient was erased while the file streamed in, so the caller must remove the file.
 */
export async function settleUpload(
  db: Db,
  reservation: Reservation,
  upload: { size: number; questionId: number },
): Promise<boolean> {
  const settled = await db
    .update(mediaUploads)
    .set({ status: 'stored', sizeBytes: upload.size, questionId: upload.questionId })
    .where(and(eq(mediaUploads.id, reservation.id), eq(mediaUploads.status, 'uploading')))
    .returning({ id: mediaUploads.id });
  return settled.length > 0;
}
