import { and, eq, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accessCodes, erasures, mediaUploads, payments, users } from '../db/schema';
import type { MediaStore } from '../media/media-store';

export interface ErasureResult {
  erasedUserId: number;
  mediaFilesRemoved: number;
}

async function removeFiles(media: MediaStore, paths: string[]): Promise<number> {
  let removed = 0;
  for (const path of paths) {
    await media.remove(path).then(
      () => (removed += 1),
      () => undefined,
    );
  }
  return removed;
}

/**
 * Erases a patient: every row about them (answers, assessments, uploads, payments and the
 * details kept with them) and their media files. Deleting the user row also ends every token.
 * What remains is the erasure record and audit entries, which hold the bare id and no data.
 */
export async function erasePatient(
  deps: { db: Db; media: MediaStore },
  userId: number,
  reason: 'request' | 'retention',
  actorUserId: number | null,
): Promise<ErasureResult | null> {
  const paths = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;
    const files = await tx
      .select({ path: mediaUploads.path })
      .from(mediaUploads)
      .where(eq(mediaUploads.userId, userId));
    await tx
      .delete(payments)
      .where(
        or(
          eq(payments.userId, userId),
          sql`${payments.pendingDetails} ->> 'email' = ${user.email}`,
        ),
      );
    // Answers, assessments and uploads go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, userId));
    return files.map((file) => file.path);
  });
  if (!paths) return null;
  const mediaFilesRemoved = await removeFiles(deps.media, paths);
  await deps.db
    .insert(erasures)
    .values({ erasedUserId: userId, reason, actorUserId, mediaFilesRemoved });
  return { erasedUserId: userId, mediaFilesRemoved };
}

/**
 * Erases evaluated assessments whose evaluation is older than the cut-off; a patient left with
 * no assessment at all is erased entirely.
 */
export async function eraseExpiredAssessments(
  deps: { db: Db; media: MediaStore },
  cutoff: Date,
): Promise<{ assessments: number; patients: number }> {
  const expired = await deps.db
    .select({ id: accessCodes.id, userId: accessCodes.userId })
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(
      and(
        eq(accessCodes.status, 'evaluated'),
        lt(accessCodes.evaluatedAt, cutoff),
        eq(users.isAdmin, false),
      ),
    );
  let patients = 0;
  for (const { id, userId } of expired) {
    const paths = await deps.db.transaction(async (tx) => {
      const files = await tx
        .select({ path: mediaUploads.path })
        .from(mediaUploads)
        .where(eq(mediaUploads.accessCodeId, id));
      await tx.update(payments).set({ pendingDetails: null }).where(eq(payments.accessCodeId, id));
      await tx.delete(accessCodes).where(eq(accessCodes.id, id));
      return files.map((file) => file.path);
    });
    const removed = await removeFiles(deps.media, paths);
    const [orphan] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          notExists(deps.db.select().from(accessCodes).where(eq(accessCodes.userId, users.id))),
        ),
      );
    if (orphan) {
      await erasePatient(deps, userId, 'retention', null);
      patients += 1;
    } else {
      await deps.db
        .insert(erasures)
        .values({ erasedUserId: userId, reason: 'retention', mediaFilesRemoved: removed });
    }
  }
  return { assessments: expired.length, patients };
}
