import type { AssessmentStatus } from '../../../shared/constants';
import type { QueuedAssessment } from '../../../shared/contracts/review';
import type { Db } from '../../platform/db/client';
import { DomainError, conflict } from '../../platform/errors';
import { maskedCodesOf } from '../accounts/access-codes';
import type { AuthContext } from '../accounts/auth-context';
import { OPEN_REVIEW_STATUSES, isOverdue } from '../assessments/assessment-state';
import {
  findAssessment,
  findQueuedAssessment,
  listQueuedAssessments,
} from '../assessments/assessments-repository';
import { startReview } from '../assessments/start-review';
import { screenerScores } from '../answers/answers-read';

const iso = (date: Date | null) => date?.toISOString() ?? null;

type QueuedRow = NonNullable<Awaited<ReturnType<typeof findQueuedAssessment>>>;

function toQueued(
  { assessment, account, assessmentsWithEmail }: QueuedRow,
  screener: QueuedAssessment['screener'],
  maskedCode: string,
  now: Date,
): QueuedAssessment {
  return {
    id: assessment.id,
    accessCode: maskedCode,
    status: assessment.status,
    patient: {
      id: account.id,
      firstName: assessment.firstName,
      lastName: assessment.lastName,
      email: assessment.email || account.email,
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
