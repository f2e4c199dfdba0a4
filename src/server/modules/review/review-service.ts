import type { AssessmentStatus } from '../../../shared/constants';
import type { QueuedAssessment } from '../../../shared/contracts/review';
import type { Db } from '../../platform/db/client';
import { DomainError, conflict } from '../../platform/errors';
import { maskedCodesOf } from '../access';
import type { AuthContext } from '../../platform/auth-context';
import { OPEN_REVIEW_STATUSES, isOverdue } from '../assessments';
import { findAssessment, findQueuedAssessment, listQueuedAssessments } from '../assessments';
import { startReview } from '../assessments';
import { screenerScores } from '../answers';

const iso = (date: Date | null) => date?.toISOString() ?? null;

type QueuedRow = NonNullable<Awaited<ReturnType<typeof findQueuedAssessment>>>;

function toQueued(
  { assessment, accountEmail, assessmentsWithEmail }: QueuedRow,
  screener: QueuedAssessment['screener'],
  maskedCode: string,
  now: Date,
): QueuedAssessment {
  return {
    id: assessment.id,
    accessCode: maskedCode,
    status: assessment.status,
    patient: {
      id: assessment.userId,
      firstName: assessment.firstName,
      lastName: assessment.lastName,
      email: assessment.email || accountEmail,
      assessmentsWithEmail,
    },
    submittedAt: iso(assessment.submittedAt),
    dueAt: iso(assessment.dueAt),
    overdue: isOverdue(assessment, now),
    reviewStartedAt: iso(assessment.reviewStartedAt),
    reviewStartedBy: assessment.reviewStartedBy,
    evaluatedAt: iso(assessment.evaluatedAt),
    evaluationSentOn: assessment.evaluationSentOn,
    screener,
  };
}

/** Open assessments by due date (most urgent first), or evaluated ones, newest first. */
export async function listReviewQueue(
  db: Db,
  view: 'open' | 'evaluated',
  now = new Date(),
): Promise<QueuedAssessment[]> {
  const statuses: readonly AssessmentStatus[] =
    view === 'open' ? OPEN_REVIEW_STATUSES : ['evaluated'];
  const rows = await listQueuedAssessments(
    db,
    statuses,
    view === 'open' ? 'due' : 'evaluated',
    500,
  );
  const ids = rows.map((row) => row.assessment.id);
  const [scores, codes] = await Promise.all([screenerScores(db, ids), maskedCodesOf(db, ids)]);
  return rows.map((row) =>
    toQueued(row, scores.get(row.assessment.id) ?? null, codes.get(row.assessment.id)!, now),
  );
}

/**
 * The review step an administrator takes by hand (the status body allows only `in_review`;
 * sending the evaluation is the way to `evaluated`); audit-logged.
 */
export async function updateAssessmentStatus(
  { db }: { db: Db },
  actor: AuthContext,
  assessmentId: number,
  now = new Date(),
): Promise<QueuedAssessment> {
  const updated = await startReview(db, actor, assessmentId, now);
  if (!updated) {
    const existing = await findAssessment(db, assessmentId);
    if (!existing) throw new DomainError('not_found', 'review.notFound');
    throw conflict(
      existing.status === 'in_progress' ? 'review.notSubmitted' : 'review.invalidTransition',
    );
  }
  const row = await findQueuedAssessment(db, assessmentId);
  const [scores, codes] = await Promise.all([
    screenerScores(db, [assessmentId]),
    maskedCodesOf(db, [assessmentId]),
  ]);
  return toQueued(row!, scores.get(assessmentId) ?? null, codes.get(assessmentId)!, now);
}
