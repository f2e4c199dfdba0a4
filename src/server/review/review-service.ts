import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AssessmentStatus } from '../../shared/constants';
import type { QueuedAssessment, UpdateAssessmentStatusBody } from '../../shared/contracts/review';
import { practiceCalendar } from '../calendar/practice-calendar';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accessCodes, users } from '../db/schema';
import { AppError, badRequest, conflict } from '../http/app-error';
import { screenerScores } from './assessment-answers';

const ALLOWED: Record<UpdateAssessmentStatusBody['status'], AssessmentStatus[]> = {
  in_review: ['submitted'],
  evaluated: ['submitted', 'in_review'],
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The assessment with its account and how many assessments share the account's address. */
const queuedColumns = {
  code: accessCodes,
  user: users,
  assessmentsWithEmail: sql<number>`(SELECT count(*)::int FROM ${accessCodes} AS same
    WHERE same.user_id = ${users.id})`,
};

function toQueued(
  row: {
    code: typeof accessCodes.$inferSelect;
    user: typeof users.$inferSelect;
    assessmentsWithEmail: number;
  },
  screener: QueuedAssessment['screener'],
  now: Date,
): QueuedAssessment {
  const { code, user } = row;
  return {
    id: code.id,
    codeHint: code.codeHint,
    status: code.status,
    patient: {
      id: user.id,
      firstName: code.firstName,
      lastName: code.lastName,
      email: code.email || user.email,
      assessmentsWithEmail: Number(row.assessmentsWithEmail),
    },
    submittedAt: iso(code.submittedAt),
    dueAt: iso(code.dueAt),
    overdue: code.status !== 'evaluated' && code.dueAt !== null && code.dueAt < now,
    reviewStartedAt: iso(code.reviewStartedAt),
    evaluatedAt: iso(code.evaluatedAt),
    evaluationSentOn: code.evaluationSentOn,
    screener,
  };
}

/** Open assessments by due date (most urgent first), or evaluated ones, newest first. */
export async function listReviewQueue(
  db: Db,
  view: 'open' | 'evaluated',
  now = new Date(),
): Promise<QueuedAssessment[]> {
  const statuses: AssessmentStatus[] = view === 'open' ? ['submitted', 'in_review'] : ['evaluated'];
  const rows = await db
    .select(queuedColumns)
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(inArray(accessCodes.status, statuses))
    .orderBy(view === 'open' ? asc(accessCodes.dueAt) : desc(accessCodes.evaluatedAt))
    .limit(500);
  const scores = await screenerScores(
    db,
    rows.map((row) => row.code.id),
  );
  return rows.map((row) => toQueued(row, scores.get(row.code.id) ?? null, now));
}

export async function updateAssessmentStatus(
  { db, config }: { db: Db; config: Pick<Config, 'practice'> },
  accessCodeId: number,
  body: UpdateAssessmentStatusBody,
  now = new Date(),
): Promise<QueuedAssessment> {
  // "Today" is the practice's date: just after midnight in Berlin it is still yesterday in UTC.
  const today = practiceCalendar(config.practice).localDate(now);
  if (body.status === 'evaluated' && body.evaluationSentOn > today) {
    throw badRequest('review.sentInFuture');
  }
  const changes =
    body.status === 'in_review'
      ? { status: body.status, reviewStartedAt: now }
      : { status: body.status, evaluatedAt: now, evaluationSentOn: body.evaluationSentOn };
  const [updated] = await db
    .update(accessCodes)
    .set(changes)
    .where(and(eq(accessCodes.id, accessCodeId), inArray(accessCodes.status, ALLOWED[body.status])))
    .returning({ id: accessCodes.id });
  if (!updated) {
    const [existing] = await db
      .select({ status: accessCodes.status })
      .from(accessCodes)
      .where(eq(accessCodes.id, accessCodeId));
    if (!existing) throw new AppError(404, 'review.notFound');
    throw conflict(
      existing.status === 'in_progress' ? 'review.notSubmitted' : 'review.invalidTransition',
    );
  }
  const [row] = await db
    .select(queuedColumns)
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(eq(accessCodes.id, accessCodeId));
  const scores = await screenerScores(db, [accessCodeId]);
  return toQueued(row!, scores.get(accessCodeId) ?? null, now);
}
