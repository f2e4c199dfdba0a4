import { and, asc, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AssessmentStatus, Language } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import { outer } from '../../platform/db/outer-column';
import { accountEmailOf, isPatientAccount } from '../accounts';
import type { PatientScope } from './assessment-state';
import { assessments, type AssessmentSessionEndReason } from './tables';

/**
 * The assessments module's data access. One row of `assessments` is one assessment: the
 * patient's details as entered at its checkout and its review state.
 */

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessment = typeof assessments.$inferInsert;

const ofPatient = (scope: PatientScope) =>
  and(eq(assessments.id, scope.assessmentId), eq(assessments.userId, scope.userId));

export async function insertAssessment(db: DbOrTx, values: NewAssessment): Promise<AssessmentRow> {
  const [row] = await db.insert(assessments).values(values).returning();
  return row!;
}

export async function findAssessment(db: DbOrTx, id: number): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  return row;
}

/** The session's assessment, only if it belongs to the session's account. */
export async function findPatientAssessment(
  db: DbOrTx,
  scope: PatientScope,
): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(assessments).where(ofPatient(scope));
  return row;
}

export async function setAssessmentLanguage(
  db: DbOrTx,
  id: number,
  language: Language,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .update(assessments)
    .set({ language })
    .where(eq(assessments.id, id))
    .returning();
  return row;
}

/**
 * Ends every session of this assessment (other assessments of the address keep theirs), keeping
 * why, so a browser still holding one is told.
 */
export async function endAssessmentSessions(
  db: DbOrTx,
  id: number,
  reason: AssessmentSessionEndReason,
): Promise<void> {
  await db
    .update(assessments)
    .set({ tokenVersion: sql`${assessments.tokenVersion} + 1`, sessionsEndedReason: reason })
    .where(eq(assessments.id, id));
}

/**
 * Moves the assessment to another state only from one of `from`, in one conditional update, so
 * of concurrent callers exactly one moves it. Returns the updated row, or undefined.
 */
export async function transitionAssessment(
  db: DbOrTx,
  id: number,
  from: readonly AssessmentStatus[],
  changes: Partial<NewAssessment>,
  scope?: PatientScope,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .update(assessments)
    .set(changes)
    .where(
      and(
        eq(assessments.id, id),
        inArray(assessments.status, [...from]),
        scope ? eq(assessments.userId, scope.userId) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Sets a timestamp column once: true for the one caller that set it (a mail queued once). */
export async function claimOnce(
  db: DbOrTx,
  id: number,
  column: 'completionEmailSentAt' | 'practiceNotifiedAt' | 'reminderSentAt' | 'overdueNotifiedAt',
  at: Date,
): Promise<boolean> {
  const claimed = await db
    .update(assessments)
    .set({ [column]: at })
    .where(and(eq(assessments.id, id), isNull(assessments[column])))
    .returning({ id: assessments.id });
  return claimed.length > 0;
}

/** Patients' assessments still unfinished, bought before the cut-off and not yet reminded. */
export async function listReminderCandidates(db: DbOrTx, boughtBefore: Date): Promise<number[]> {
  const rows = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(
      and(
        eq(assessments.status, 'in_progress'),
        lt(assessments.createdAt, boughtBefore),
        isNull(assessments.reminderSentAt),
        isNull(assessments.cancelledAt),
        isPatientAccount(assessments.userId),
      ),
    )
    .orderBy(asc(assessments.id));
  return rows.map((row) => row.id);
}

/** Assessments past their due date in one of `statuses`, whose practice was not told yet. */
export async function listOverdueCandidates(
  db: DbOrTx,
  statuses: readonly AssessmentStatus[],
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(
      and(
        inArray(assessments.status, [...statuses]),
        lt(assessments.dueAt, now),
        isNull(assessments.overdueNotifiedAt),
        isNull(assessments.cancelledAt),
      ),
    )
    .orderBy(asc(assessments.id));
  return rows.map((row) => row.id);
}

/** Locks the assessment row for the rest of the transaction; false when it does not exist. */
export async function lockAssessment(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(eq(assessments.id, id))
    .for('no key update');
  return Boolean(row);
}

/** The assessment with its account's address and how many assessments share that address. */
const queuedColumns = {
  assessment: assessments,
  accountEmail: accountEmailOf(assessments.userId),
  assessmentsWithEmail: sql<number>`(SELECT count(*)::int FROM ${assessments} AS same
    WHERE same.user_id = ${outer(assessments.userId)})`.mapWith(Number),
};

/** Assessments in the given states, for the review queue. */
export async function listQueuedAssessments(
  db: DbOrTx,
  statuses: readonly AssessmentStatus[],
  order: 'due' | 'evaluated',
  limit: number,
) {
  return (
    db
      .select(queuedColumns)
      .from(assessments)
      // A refunded assessment is cancelled: nobody is to evaluate it.
      .where(and(inArray(assessments.status, [...statuses]), isNull(assessments.cancelledAt)))
      .orderBy(order === 'due' ? asc(assessments.dueAt) : desc(assessments.evaluatedAt))
      .limit(limit)
  );
}

export async function findQueuedAssessment(db: DbOrTx, id: number) {
  const [row] = await db.select(queuedColumns).from(assessments).where(eq(assessments.id, id));
  return row;
}

/** Evaluated assessments of patients whose evaluation is older than the cut-off. */
export async function listExpiredAssessments(
  db: DbOrTx,
  cutoff: Date,
): Promise<{ id: number; userId: number }[]> {
  return db
    .select({ id: assessments.id, userId: assessments.userId })
    .from(assessments)
    .where(
      and(
        eq(assessments.status, 'evaluated'),
        lt(assessments.evaluatedAt, cutoff),
        isPatientAccount(assessments.userId),
      ),
    );
}

/** Deletes one assessment; its answers and uploads go with it (ON DELETE CASCADE). */
export async function deleteAssessment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(assessments).where(eq(assessments.id, id));
}

export async function accountHasAssessments(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(eq(assessments.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** Escapes a search term for ILIKE. */
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of patients (accounts with assessments), latest assessment first, with the name as
 * entered at their latest checkout; the name and address searched are those of any checkout.
 */
export async function listPatientPage(
  db: DbOrTx,
  query: { search?: string; page: number; pageSize: number },
) {
  const search = query.search ? likePattern(query.search) : undefined;
  const email = accountEmailOf(assessments.userId);
  const filter = and(
    isPatientAccount(assessments.userId),
    search
      ? or(
          ilike(email, search),
          ilike(assessments.email, search),
          ilike(assessments.firstName, search),
          ilike(assessments.lastName, search),
          ilike(sql`${assessments.firstName} || ' ' || ${assessments.lastName}`, search),
        )
      : undefined,
  );
  const latestOf = (column: AnyPgColumn) =>
    sql<string>`(array_agg(${column} ORDER BY ${assessments.createdAt} DESC))[1]`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: assessments.userId,
        firstName: latestOf(assessments.firstName),
        lastName: latestOf(assessments.lastName),
        email,
      })
      .from(assessments)
      .where(filter)
      .groupBy(assessments.userId)
      .orderBy(desc(sql`max(${assessments.createdAt})`), desc(assessments.userId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(distinct ${assessments.userId})::int`.mapWith(Number) })
      .from(assessments)
      .where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every assessment of the given accounts, newest first. */
export async function listAssessmentsOfAccounts(
  db: DbOrTx,
  userIds: number[],
): Promise<AssessmentRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(assessments)
    .where(inArray(assessments.userId, userIds))
    .orderBy(desc(assessments.createdAt), desc(assessments.id));
}

/** Every assessment of the account, newest first. */
export async function listAssessmentsOfAccount(
  db: DbOrTx,
  userId: number,
): Promise<{ id: number; userId: number }[]> {
  return db
    .select({ id: assessments.id, userId: assessments.userId })
    .from(assessments)
    .where(eq(assessments.userId, userId))
    .orderBy(desc(assessments.createdAt), desc(assessments.id));
}

/**
 * The assessment's row as a session check reads it, to join with the account's in one prepared
 * statement (`access` module), with its id in the parameter `assessmentParam`: id, user_id,
 * token_version, language, and why its sessions last ended (sessions_ended_reason, and
 * cancelled_at_ms, the refund's time in milliseconds since 1970).
 */
export const assessmentSessionRowSql = (assessmentParam: string): string =>
  `SELECT id, user_id, token_version, language, sessions_ended_reason,
    floor(extract(epoch FROM cancelled_at) * 1000) AS cancelled_at_ms
    FROM assessments WHERE id = ${assessmentParam}::int`;

/**
 * Scalar subqueries of a prepared statement on the session's assessment (its id in the parameter
 * `assessmentParam`, its account's in `userParam`): its token version and its status, each
 * null when the assessment is not the account's.
 */
export const assessmentTokenVersionSql = (assessmentParam: string, userParam: string): string =>
  `(SELECT token_version FROM assessments WHERE id = ${assessmentParam}::int AND user_id = ${userParam}::int)`;
export const assessmentStatusSql = (assessmentParam: string, userParam: string): string =>
  `(SELECT status FROM assessments WHERE id = ${assessmentParam}::int AND user_id = ${userParam}::int)`;

/**
 * Whether the assessment is the patient's and in one of `statuses`: a condition other modules'
 * writes take.
 */
export const isAssessmentOfIn = (scope: PatientScope, statuses: readonly AssessmentStatus[]): SQL =>
  sql`EXISTS (SELECT 1 FROM ${assessments} WHERE ${ofPatient(scope)}
    AND ${inArray(assessments.status, [...statuses])})`;

const fullName = sql<string>`trim(${assessments.firstName} || ' ' || ${assessments.lastName})`;

/** The patient's name as entered for each of the assessments (when one was entered). */
export async function namesOfAssessments(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: assessments.id, name: fullName })
    .from(assessments)
    .where(inArray(assessments.id, ids));
  return new Map(rows.filter((row) => row.name).map((row) => [row.id, row.name]));
}

/** Each account's name as entered at its latest checkout (when one was entered). */
export async function latestNamesOfAccounts(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([assessments.userId], { userId: assessments.userId, name: fullName })
    .from(assessments)
    .where(inArray(assessments.userId, userIds))
    .orderBy(assessments.userId, desc(assessments.createdAt));
  return new Map(rows.filter((row) => row.name).map((row) => [row.userId, row.name]));
}

/** Ids of assessments in order, after `afterId`, for exports that page through all of them. */
export async function assessmentIdsAfter(
  db: DbOrTx,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: assessments.id })
    .from(assessments)
    .where(sql`${assessments.id} > ${afterId}`)
    .orderBy(asc(assessments.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function findAssessments(db: DbOrTx, ids: number[]): Promise<AssessmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(assessments).where(inArray(assessments.id, ids));
}

/**
 * Cancels a refunded assessment: its sessions end and it is marked cancelled (the caller retires
 * its access codes in the same transaction).
 */
export async function cancelAssessment(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(assessments)
    .set({
      cancelledAt: now,
      tokenVersion: sql`${assessments.tokenVersion} + 1`,
      sessionsEndedReason: 'refunded',
    })
    .where(eq(assessments.id, id));
}
