import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import type { PatientScope } from '../assessments';
import { answerRefersTo } from '../answers';
import type { MediaKind } from '../../../shared/media-kinds';
import { mediaUploads } from './tables';

/** The media module's data access: one row per stored (or streaming) photo or video. */

export type UploadRow = typeof mediaUploads.$inferSelect;

/** No answer of the upload's assessment refers to it (evaluated in a query on media_uploads). */
const unreferenced = sql`NOT ${answerRefersTo(mediaUploads.assessmentId, mediaUploads.path)}`;

/**
 * The type of a stored upload of the patient's assessment that an answer to the question may
 * refer to: one uploaded within the grace period, or this answer's already. The clean-up job
 * removes only uploads that are neither, so it cannot take a file away while an answer starts
 * to refer to it.
 */
export async function savableUploadType(
  db: DbOrTx,
  scope: PatientScope,
  questionId: number,
  path: string,
  graceSeconds: number,
): Promise<UploadRow['mediaType'] | null> {
  const [upload] = await db
    .select({ mediaType: mediaUploads.mediaType })
    .from(mediaUploads)
    .where(
      and(
        eq(mediaUploads.path, path),
        eq(mediaUploads.userId, scope.userId),
        eq(mediaUploads.assessmentId, scope.assessmentId),
        eq(mediaUploads.status, 'stored'),
        or(
          gt(mediaUploads.createdAt, sql`now() - make_interval(secs => ${graceSeconds})`),
          answerRefersTo(sql`${scope.assessmentId}`, sql`${path}`, questionId),
        ),
      ),
    );
  return upload?.mediaType ?? null;
}

export async function findUpload(db: DbOrTx, path: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.path, path)).limit(1);
  return row;
}

/** What the assessment's uploads take: files, and bytes (uploads in progress at their reservation). */
export async function quotaUsed(
  db: DbOrTx,
  assessmentId: number,
): Promise<{ files: number; bytes: number }> {
  const [used] = await db
    .select({
      files: count(),
      bytes: sql<number>`coalesce(sum(${mediaUploads.sizeBytes}), 0)`.mapWith(Number),
    })
    .from(mediaUploads)
    .where(eq(mediaUploads.assessmentId, assessmentId));
  return { files: used?.files ?? 0, bytes: used?.bytes ?? 0 };
}

/** A row for an upload about to stream in, holding `maxBytes` of the quota. */
export async function insertReservation(
  db: DbOrTx,
  scope: PatientScope,
  upload: { path: string; kind: MediaKind; maxBytes: number },
): Promise<number> {
  const [row] = await db
    .insert(mediaUploads)
    .values({
      userId: scope.userId,
      assessmentId: scope.assessmentId,
      path: upload.path,
      mediaType: upload.kind.mediaType,
      mimeType: upload.kind.mime,
      status: 'uploading',
      sizeBytes: upload.maxBytes,
    })
    .returning({ id: mediaUploads.id });
  return row!.id;
}

/** Records a finished upload at its real size; false when its reservation is gone. */
export async function markStored(
  db: DbOrTx,
  id: number,
  upload: { size: number; questionId: number },
): Promise<boolean> {
  const settled = await db
    .update(mediaUploads)
    .set({ status: 'stored', sizeBytes: upload.size, questionId: upload.questionId })
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.status, 'uploading')))
    .returning({ id: mediaUploads.id });
  return settled.length > 0;
}

/**
 * Renames a reservation before its file is written: a resumable upload is reserved when it is
 * created, before any byte says what kind of file it is. False when the reservation is gone.
 */
export async function retypeReservation(
  db: DbOrTx,
  id: number,
  upload: { path: string; kind: MediaKind },
): Promise<boolean> {
  const renamed = await db
    .update(mediaUploads)
    .set({ path: upload.path, mimeType: upload.kind.mime })
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.status, 'uploading')))
    .returning({ id: mediaUploads.id });
  return renamed.length > 0;
}

/** Deletes the upload's row unless an answer refers to its file; true when it was deleted. */
export async function deleteUnreferencedUploadRow(db: DbOrTx, id: number): Promise<boolean> {
  const deleted = await db
    .delete(mediaUploads)
    .where(and(eq(mediaUploads.id, id), unreferenced))
    .returning({ id: mediaUploads.id });
  return deleted.length > 0;
}

/** The assessment's upload at this path, if no answer refers to it. */
export async function findUnreferencedUpload(
  db: DbOrTx,
  assessmentId: number,
  path: string,
): Promise<{ id: number; path: string } | undefined> {
  const [upload] = await db
    .select({ id: mediaUploads.id, path: mediaUploads.path })
    .from(mediaUploads)
    .where(
      and(eq(mediaUploads.assessmentId, assessmentId), eq(mediaUploads.path, path), unreferenced),
    );
  return upload;
}

/** Uploads older than the cut-off that no answer refers to. */
export async function listStaleUnreferencedUploads(
  db: DbOrTx,
  createdBefore: Date,
): Promise<{ id: number; path: string }[]> {
  return db
    .select({ id: mediaUploads.id, path: mediaUploads.path })
    .from(mediaUploads)
    .where(and(lt(mediaUploads.createdAt, createdBefore), unreferenced));
}

export async function uploadsOfAssessment(db: DbOrTx, assessmentId: number): Promise<UploadRow[]> {
  return db.select().from(mediaUploads).where(eq(mediaUploads.assessmentId, assessmentId));
}

export async function uploadPathsOfAccount(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ path: mediaUploads.path })
    .from(mediaUploads)
    .where(eq(mediaUploads.userId, userId));
  return rows.map((row) => row.path);
}

/** A refund that erases the answers: the upload rows go, and their paths are for the caller to remove. */
export async function deleteUploadsOfAssessment(
  db: DbOrTx,
  assessmentId: number,
): Promise<string[]> {
  const rows = await db
    .delete(mediaUploads)
    .where(eq(mediaUploads.assessmentId, assessmentId))
    .returning({ path: mediaUploads.path });
  return rows.map((row) => row.path);
}
