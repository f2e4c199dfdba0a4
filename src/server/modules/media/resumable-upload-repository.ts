import { and, eq, getTableColumns, isNull, lt } from 'drizzle-orm';
import type { MediaUploadResult } from '../../../shared/contracts/survey';
import type { DbOrTx } from '../../platform/db/client';
import { mediaUploads, resumableUploads } from './tables';

/** The resumable uploads' data access: one row per upload, any instance reads and advances it. */

export type ResumableRow = typeof resumableUploads.$inferSelect & {
  reservation: { id: number; path: string; maxBytes: number };
};

/** An upload's state without its sealed bytes: what every request but a PATCH's write reads. */
export type ResumableState = Omit<ResumableRow, SealedColumn>;

export type NewResumableRow = typeof resumableUploads.$inferInsert;

export async function insertResumableUpload(db: DbOrTx, row: NewResumableRow): Promise<void> {
  await db.insert(resumableUploads).values(row);
}

/** The columns that hold sealed bytes: up to a part's worth, read only to write on. */
type SealedColumn = 'header' | 'pending' | 'tail';
const { header, pending, tail, ...stateColumns } = getTableColumns(resumableUploads);
const sealedColumns = { header, pending, tail };

const reservationColumns = {
  id: mediaUploads.id,
  path: mediaUploads.path,
  maxBytes: mediaUploads.sizeBytes,
};

/** The upload and its reservation; undefined once it is gone (refused, cleaned up, erased). */
export async function findResumableUpload(
  db: DbOrTx,
  id: string,
): Promise<ResumableRow | undefined> {
  const [row] = await db
    .select({ upload: { ...stateColumns, ...sealedColumns }, reservation: reservationColumns })
    .from(resumableUploads)
    .innerJoin(mediaUploads, eq(mediaUploads.id, resumableUploads.reservationId))
    .where(eq(resumableUploads.id, id));
  return row && { ...row.upload, reservation: row.reservation };
}

/** As `findResumableUpload`, without the sealed bytes. */
export async function findResumableState(
  db: DbOrTx,
  id: string,
): Promise<ResumableState | undefined> {
  const [row] = await db
    .select({ upload: stateColumns, reservation: reservationColumns })
    .from(resumableUploads)
    .innerJoin(mediaUploads, eq(mediaUploads.id, resumableUploads.reservationId))
    .where(eq(resumableUploads.id, id));
  return row && { ...row.upload, reservation: row.reservation };
}

/** What a PATCH kept, written only if no one moved the offset since it was read. */
export async function advanceResumableUpload(
  db: DbOrTx,
  id: string,
  from: number,
  state: Pick<ResumableRow, 'offset' | 'partsId' | 'parts' | 'pending' | 'tail'>,
): Promise<boolean> {
  const updated = await db
    .update(resumableUploads)
    .set({ ...state, updatedAt: new Date() })
    .where(
      and(
        eq(resumableUploads.id, id),
        eq(resumableUploads.offset, from),
        isNull(resumableUploads.result),
      ),
    )
    .returning({ id: resumableUploads.id });
  return updated.length > 0;
}

/** The upload became its question's answer: the offset is the size, no bytes are held here. */
export async function markResumableFinished(
  db: DbOrTx,
  id: string,
  result: MediaUploadResult,
): Promise<void> {
  const [row] = await db
    .select({ size: resumableUploads.size })
    .from(resumableUploads)
    .where(eq(resumableUploads.id, id));
  if (!row) return;
  await db
    .update(resumableUploads)
    .set({ result, offset: row.size, pending: null, tail: null, updatedAt: new Date() })
    .where(eq(resumableUploads.id, id));
}

export async function deleteResumableUpload(db: DbOrTx, id: string): Promise<void> {
  await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
}

/** Unfinished uploads of one question of an assessment (a new one replaces them). */
export async function unfinishedUploadsOfQuestion(
  db: DbOrTx,
  assessmentId: number,
  questionId: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(
      and(
        eq(resumableUploads.assessmentId, assessmentId),
        eq(resumableUploads.questionId, questionId),
        isNull(resumableUploads.result),
      ),
    );
  return rows.map((row) => row.id);
}

/** Whose uploads: an account's (all its assessments) or one assessment's. */
export type UploadOwner = { userId: number } | { assessmentId: number };

export async function resumableUploadsOf(db: DbOrTx, owner: UploadOwner): Promise<string[]> {
  const rows = await db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(
      'userId' in owner
        ? eq(resumableUploads.userId, owner.userId)
        : eq(resumableUploads.assessmentId, owner.assessmentId),
    );
  return rows.map((row) => row.id);
}

export async function resumableUploadsCreatedBefore(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(lt(resumableUploads.createdAt, cutoff));
  return rows.map((row) => row.id);
}
