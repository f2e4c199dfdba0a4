import type { DbOrTx } from '../../platform/db/client';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { REVIEW_START_STATUSES } from './assessment-state';
import { transitionAssessment, type AssessmentRow } from './assessments-repository';

/**
 * Takes a submitted assessment into review and records who did, audit-logged: the dentist
 * opening it, or the review step by hand. Undefined when it was not waiting for review.
 */
export async function startReview(
  db: DbOrTx,
  actor: AuthContext,
  id: number,
  now: Date,
): Promise<AssessmentRow | undefined> {
  const moved = await transitionAssessment(db, id, REVIEW_START_STATUSES, {
    status: 'in_review',
    reviewStartedAt: now,
    reviewStartedBy: actor.email,
  });
  if (!moved) return undefined;
  await recordAudit(db, actor, {
    action: 'assessment.status',
    patientUserId: moved.userId,
    assessmentId: id,
    detail: moved.status,
  });
  return moved;
}
