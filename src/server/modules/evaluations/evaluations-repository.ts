import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { evaluationAddenda, evaluationConclusions, evaluations } from './tables';

/** The evaluations module's data access: the conclusion list, evaluations and their addenda. */

export type ConclusionRow = typeof evaluationConclusions.$inferSelect;
export type EvaluationRow = typeof evaluations.$inferSelect;
export type AddendumRow = typeof evaluationAddenda.$inferSelect;

export async function listConclusionRows(db: DbOrTx): Promise<ConclusionRow[]> {
  return db
    .select()
    .from(evaluationConclusions)
    .orderBy(asc(evaluationConclusions.position), asc(evaluationConclusions.id));
}

export async function findConclusion(db: DbOrTx, id: number): Promise<ConclusionRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluationConclusions)
    .where(eq(evaluationConclusions.id, id));
  return row;
}

/** A new conclusion, placed after the others. */
export async function insertConclusion(
  db: DbOrTx,
  texts: { textEn: string; textDe: string },
): Promise<ConclusionRow> {
  const [row] = await db
    .insert(evaluationConclusions)
    .values({
      ...texts,
      position: sql`(SELECT coalesce(max(${evaluationConclusions.position}), 0) + 1 FROM ${evaluationConclusions})`,
    })
    .returning();
  return row!;
}

export async function updateConclusion(
  db: DbOrTx,
  id: number,
  texts: { textEn: string; textDe: string },
): Promise<ConclusionRow | undefined> {
  const [row] = await db
    .update(evaluationConclusions)
    .set(texts)
    .where(eq(evaluationConclusions.id, id))
    .returning();
  return row;
}

/** Drafts that chose it lose their choice (ON DELETE SET NULL); sent ones keep their copy. */
export async function deleteConclusion(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(evaluationConclusions)
    .where(eq(evaluationConclusions.id, id))
    .returning({ id: evaluationConclusions.id });
  return rows.length > 0;
}

export async function findEvaluation(
  db: DbOrTx,
  assessmentId: number,
): Promise<EvaluationRow | undefined> {
  const [row] = await db
    .select()
    .from(evaluations)
    .where(eq(evaluations.assessmentId, assessmentId));
  return row;
}

export type DraftValues = Pick<
  EvaluationRow,
  'assessmentId' | 'userId' | 'conclusionId' | 'findings' | 'recommendations' | 'callToAction'
> & { updatedByEmail: string; updatedAt: Date };

/** Writes the draft unless the evaluation was sent; undefined when it was (read-only). */
export async function saveDraftRow(
  db: DbOrTx,
  values: DraftValues,
): Promise<EvaluationRow | undefined> {
  const { assessmentId: _id, userId: _user, ...changes } = values;
  const [row] = await db
    .insert(evaluations)
    .values(values)
    .onConflictDoUpdate({
      target: evaluations.assessmentId,
      set: changes,
      setWhere: isNull(evaluations.sentAt),
    })
    .returning();
  return row;
}

/** Marks the evaluation sent, once: undefined when it was already sent (or has no draft). */
export async function markEvaluationSent(
  db: DbOrTx,
  assessmentId: number,
  sent: Pick<
    EvaluationRow,
    'sentByUserId' | 'sentByEmail' | 'sentByName' | 'conclusionEn' | 'conclusionDe'
  > & {
    sentAt: Date;
  },
): Promise<EvaluationRow | undefined> {
  const [row] = await db
    .update(evaluations)
    .set(sent)
    .where(and(eq(evaluations.assessmentId, assessmentId), isNull(evaluations.sentAt)))
    .returning();
  return row;
}

export async function insertAddendum(
  db: DbOrTx,
  values: typeof evaluationAddenda.$inferInsert,
): Promise<AddendumRow> {
  const [row] = await db.insert(evaluationAddenda).values(values).returning();
  return row!;
}

export async function listAddenda(db: DbOrTx, assessmentId: number): Promise<AddendumRow[]> {
  return db
    .select()
    .from(evaluationAddenda)
    .where(eq(evaluationAddenda.assessmentId, assessmentId))
    .orderBy(asc(evaluationAddenda.createdAt), asc(evaluationAddenda.id));
}
