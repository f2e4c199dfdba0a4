import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AssessmentStatus, Language } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import { users } from '../accounts/tables';
import { responses } from '../answers/tables';
import type { PatientScope } from './assessment-state';
import { accessCodes } from './tables';

/**
 * The assessments module's data access. One row of `access_codes` is one assessment: the
 * patient's details as entered at its checkout, its access code (hashed) and its review state.
 */

export type AssessmentRow = typeof accessCodes.$inferSelect;
export type NewAssessment = typeof accessCodes.$inferInsert;

const ofPatient = (scope: PatientScope) =>
  and(eq(accessCodes.id, scope.accessCodeId), eq(accessCodes.userId, scope.userId));

export async function insertAssessment(db: DbOrTx, values: NewAssessment): Promise<AssessmentRow> {
  const [row] = await db.insert(accessCodes).values(values).returning();
  return row!;
}

export async function findAssessment(db: DbOrTx, id: number): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(accessCodes).where(eq(accessCodes.id, id));
  return row;
}

/** The session's assessment, only if it belongs to the session's account. */
export async function findPatientAssessment(
  db: DbOrTx,
  scope: PatientScope,
): Promise<AssessmentRow | undefined> {
  const [row] = await db.select().from(accessCodes).where(ofPatient(scope));
  return row;
}

export async function findAssessmentByCodeHash(
  db: DbOrTx,
  codeHash: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .select()
    .from(accessCodes)
    .where(eq(accessCodes.codeHash, codeHash))
    .limit(1);
  return row;
}

/** The assessment with the account it belongs to. */
export async function findAssessmentWithAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ assessment: accessCodes, account: users })
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(eq(accessCodes.id, id));
  return row;
}

/**
 * Puts a new access code (its hash and hint) in place of the assessment's current one, unless
 * the assessment is gone or its code was retired. False when nothing was replaced.
 */
export async function setAccessCode(
  db: DbOrTx,
  id: number,
  code: { codeHash: string; codeHint: string },
): Promise<boolean> {
  const rows = await db
    .update(accessCodes)
    .set(code)
    .where(and(eq(accessCodes.id, id), isNotNull(accessCodes.codeHash)))
    .returning({ id: accessCodes.id });
  return rows.length > 0;
}

/**
 * The assessments bought with an address (stored lower-case) whose codes still sign in: not
 * retired, not an administrator's. Newest first.
 */
export async function listAssessmentsWithLiveCode(
  db: DbOrTx,
  email: string,
): Promise<{ id: number; userId: number }[]> {
  return db
    .select({ id: accessCodes.id, userId: accessCodes.userId })
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(and(eq(users.email, email), eq(users.isAdmin, false), isNotNull(accessCodes.codeHash)))
    .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id));
}

/** Retires every access code of the account: none of them signs in again. */
export async function retireAccessCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.update(accessCodes).set({ codeHash: null }).where(eq(accessCodes.userId, userId));
}

export async function setAssessmentLanguage(
  db: DbOrTx,
  id: number,
  language: Language,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .update(accessCodes)
    .set({ language })
    .where(eq(accessCodes.id, id))
    .returning();
  return row;
}

/** Logout: ends every session of this assessment (other assessments of the address keep theirs). */
export async function endAssessmentSessions(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(accessCodes)
    .set({ tokenVersion: sql`${accessCodes.tokenVersion} + 1` })
    .where(eq(accessCodes.id, id));
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
    .update(accessCodes)
    .set(changes)
    .where(
      and(
        eq(accessCodes.id, id),
        inArray(accessCodes.status, [...from]),
        scope ? eq(accessCodes.userId, scope.userId) : undefined,
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
    .update(accessCodes)
    .set({ [column]: at })
    .where(and(eq(accessCodes.id, id), isNull(accessCodes[column])))
    .returning({ id: accessCodes.id });
  return claimed.length > 0;
}

/** Patients' assessments still unfinished, bought before the cut-off and not yet reminded. */
export async function listReminderCandidates(db: DbOrTx, boughtBefore: Date): Promise<number[]> {
  const rows = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(
      and(
        eq(accessCodes.status, 'in_progress'),
        lt(accessCodes.createdAt, boughtBefore),
        isNull(accessCodes.reminderSentAt),
        isNotNull(accessCodes.codeHash),
        eq(users.isAdmin, false),
      ),
    )
    .orderBy(asc(accessCodes.id));
  return rows.map((row) => row.id);
}

/** Assessments past their due date in one of `statuses`, whose practice was not told yet. */
export async function listOverdueCandidates(
  db: DbOrTx,
  statuses: readonly AssessmentStatus[],
  now: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(
      and(
        inArray(accessCodes.status, [...statuses]),
        lt(accessCodes.dueAt, now),
        isNull(accessCodes.overdueNotifiedAt),
        isNull(accessCodes.cancelledAt),
      ),
    )
    .orderBy(asc(accessCodes.id));
  return rows.map((row) => row.id);
}

/** Locks the assessment row for the rest of the transaction; false when it does not exist. */
export async function lockAssessment(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(eq(accessCodes.id, id))
    .for('no key update');
  return Boolean(row);
}

/** The assessment with its account and how many assessments share the account's address. */
const queuedColumns = {
  assessment: accessCodes,
  account: users,
  assessmentsWithEmail: sql<number>`(SELECT count(*)::int FROM ${accessCodes} AS same
    WHERE same.user_id = ${users.id})`.mapWith(Number),
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
      .from(accessCodes)
      .innerJoin(users, eq(users.id, accessCodes.userId))
      // A refunded assessment is cancelled: nobody is to evaluate it.
      .where(and(inArray(accessCodes.status, [...statuses]), isNull(accessCodes.cancelledAt)))
      .orderBy(order === 'due' ? asc(accessCodes.dueAt) : desc(accessCodes.evaluatedAt))
      .limit(limit)
  );
}

export async function findQueuedAssessment(db: DbOrTx, id: number) {
  const [row] = await db
    .select(queuedColumns)
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(eq(accessCodes.id, id));
  return row;
}

/** Evaluated assessments of patients whose evaluation is older than the cut-off. */
export async function listExpiredAssessments(
  db: DbOrTx,
  cutoff: Date,
): Promise<{ id: number; userId: number }[]> {
  return db
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
}

/** Deletes one assessment; its answers and uploads go with it (ON DELETE CASCADE). */
export async function deleteAssessment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(accessCodes).where(eq(accessCodes.id, id));
}

export async function accountHasAssessments(db: DbOrTx, userId: number): Promise<boolean> {
  const [orphan] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        notExists(db.select().from(accessCodes).where(eq(accessCodes.userId, users.id))),
      ),
    );
  return !orphan;
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
  const filter = and(
    eq(users.isAdmin, false),
    search
      ? or(
          ilike(users.email, search),
          ilike(accessCodes.email, search),
          ilike(accessCodes.firstName, search),
          ilike(accessCodes.lastName, search),
          ilike(sql`${accessCodes.firstName} || ' ' || ${accessCodes.lastName}`, search),
        )
      : undefined,
  );
  const latestOf = (column: AnyPgColumn) =>
    sql<string>`(array_agg(${column} ORDER BY ${accessCodes.createdAt} DESC))[1]`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: latestOf(accessCodes.firstName),
        lastName: latestOf(accessCodes.lastName),
        email: users.email,
      })
      .from(users)
      .innerJoin(accessCodes, eq(accessCodes.userId, users.id))
      .where(filter)
      .groupBy(users.id)
      .orderBy(desc(sql`max(${accessCodes.createdAt})`), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(distinct ${users.id})::int`.mapWith(Number) })
      .from(users)
      .innerJoin(accessCodes, eq(accessCodes.userId, users.id))
      .where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every assessment of the given accounts with its number of answers, newest first. */
export async function listAssessmentsOfAccounts(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ assessment: accessCodes, answers: count(responses.id) })
    .from(accessCodes)
    .leftJoin(responses, eq(responses.accessCodeId, accessCodes.id))
    .where(inArray(accessCodes.userId, userIds))
    .groupBy(accessCodes.id)
    .orderBy(desc(accessCodes.createdAt), desc(accessCodes.id));
}

/** Ids of assessments in order, after `afterId`, for exports that page through all of them. */
export async function assessmentIdsAfter(
  db: DbOrTx,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(sql`${accessCodes.id} > ${afterId}`)
    .orderBy(asc(accessCodes.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function findAssessments(db: DbOrTx, ids: number[]): Promise<AssessmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(accessCodes).where(inArray(accessCodes.id, ids));
}

/**
 * Cancels a refunded assessment: its access code is retired (a retired code is never replaced,
 * so a waiting access-code mail sends nothing), its sessions end, and it is marked cancelled.
 */
export async function cancelAssessment(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(accessCodes)
    .set({
      cancelledAt: now,
      codeHash: null,
      tokenVersion: sql`${accessCodes.tokenVersion} + 1`,
    })
    .where(eq(accessCodes.id, id));
}
