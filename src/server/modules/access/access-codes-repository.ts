import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accessCodes, erasedAccessCodes } from './tables';

/** The accounts module's data access to access codes: one row per code ever issued. */

export type AccessCodeRow = typeof accessCodes.$inferSelect;

export async function insertAccessCode(
  db: DbOrTx,
  values: { assessmentId: number; codeHash: string; codeHint: string },
): Promise<AccessCodeRow> {
  const [row] = await db.insert(accessCodes).values(values).returning();
  return row!;
}

/** The code with this hash, while it still opens its assessment. */
export async function findLiveCodeByHash(
  db: DbOrTx,
  codeHash: string,
): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(accessCodes)
    .where(and(eq(accessCodes.codeHash, codeHash), isNull(accessCodes.retiredAt)))
    .limit(1);
  return row;
}

/** The code with this hash, live or retired. */
export async function findCodeByHash(
  db: DbOrTx,
  codeHash: string,
): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(accessCodes)
    .where(eq(accessCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** Whether a code with this hash belonged to an assessment since erased. */
export async function wasErasedCode(db: DbOrTx, codeHash: string): Promise<boolean> {
  const rows = await db
    .select({ codeHash: erasedAccessCodes.codeHash })
    .from(erasedAccessCodes)
    .where(eq(erasedAccessCodes.codeHash, codeHash))
    .limit(1);
  return rows.length > 0;
}

/**
 * Keeps the hashes of the assessments' codes (and nothing else) before the assessments are
 * erased, so a sign-in with one of them can say so.
 */
export async function rememberErasedCodes(
  db: DbOrTx,
  assessmentIds: number[],
  now: Date,
): Promise<void> {
  if (assessmentIds.length === 0) return;
  const rows = await db
    .select({ codeHash: accessCodes.codeHash })
    .from(accessCodes)
    .where(inArray(accessCodes.assessmentId, assessmentIds));
  if (rows.length === 0) return;
  await db
    .insert(erasedAccessCodes)
    .values(rows.map((row) => ({ codeHash: row.codeHash, erasedAt: now })))
    .onConflictDoNothing();
}

/** Ids of the given assessments that a live code still opens. */
export async function assessmentsWithLiveCode(
  db: DbOrTx,
  assessmentIds: number[],
): Promise<Set<number>> {
  if (assessmentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ assessmentId: accessCodes.assessmentId })
    .from(accessCodes)
    .where(and(inArray(accessCodes.assessmentId, assessmentIds), isNull(accessCodes.retiredAt)));
  return new Set(rows.map((row) => row.assessmentId));
}

/**
 * Retires the assessment's live code and adds `code` in its place, in one transaction; false,
 * with nothing changed, when no live code was there to replace (refunded, or its administrator
 * removed): a retired code is never brought back by a new one.
 */
export async function replaceLiveCode(
  db: DbOrTx,
  assessmentId: number,
  code: { codeHash: string; codeHint: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(accessCodes)
      .set({ retiredAt: now })
      .where(and(eq(accessCodes.assessmentId, assessmentId), isNull(accessCodes.retiredAt)))
      .returning({ id: accessCodes.id });
    if (retired.length === 0) return false;
    await tx.insert(accessCodes).values({ assessmentId, ...code });
    return true;
  });
}

/**
 * Retires the assessment's live codes issued before the code `codeId`: the first sign-in with a
 * newer code makes it the only one. Returns how many were retired.
 */
export async function retireCodesBefore(
  db: DbOrTx,
  assessmentId: number,
  codeId: number,
  now: Date,
): Promise<number> {
  const retired = await db
    .update(accessCodes)
    .set({ retiredAt: now })
    .where(
      and(
        eq(accessCodes.assessmentId, assessmentId),
        isNull(accessCodes.retiredAt),
        lt(accessCodes.id, codeId),
      ),
    )
    .returning({ id: accessCodes.id });
  return retired.length;
}

/** Retires every live code of the assessments: none of them signs in again. */
export async function retireCodesOf(db: DbOrTx, assessmentIds: number[], now: Date): Promise<void> {
  if (assessmentIds.length === 0) return;
  await db
    .update(accessCodes)
    .set({ retiredAt: now })
    .where(and(inArray(accessCodes.assessmentId, assessmentIds), isNull(accessCodes.retiredAt)));
}

/**
 * The last characters of each assessment's latest code, live or retired, so the practice can
 * tell a patient's assessments apart by the code the patient holds.
 */
export async function latestCodeHints(
  db: DbOrTx,
  assessmentIds: number[],
): Promise<Map<number, string>> {
  if (assessmentIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([accessCodes.assessmentId], {
      assessmentId: accessCodes.assessmentId,
      codeHint: accessCodes.codeHint,
    })
    .from(accessCodes)
    .where(inArray(accessCodes.assessmentId, assessmentIds))
    .orderBy(accessCodes.assessmentId, desc(accessCodes.id));
  return new Map(rows.map((row) => [row.assessmentId, row.codeHint]));
}
