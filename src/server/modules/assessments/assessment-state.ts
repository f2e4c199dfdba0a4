import type { AssessmentStatus } from '../../../shared/constants';

/**
 * The assessment's life, in one place: answered while `in_progress`, then `submitted`, taken up
 * (`in_review`) and `evaluated`. Every module asks here instead of comparing statuses itself.
 */
/** The session's assessment: its id and the account it belongs to. */
export interface PatientScope {
  userId: number;
  assessmentId: number;
}

export const EDITABLE_STATUSES: readonly AssessmentStatus[] = ['in_progress'];

/** Taken into review from here; sending the evaluation leaves from any open status. */
export const REVIEW_START_STATUSES: readonly AssessmentStatus[] = ['submitted'];

/** Still waiting for the dentist's evaluation. */
export const OPEN_REVIEW_STATUSES: readonly AssessmentStatus[] = ['submitted', 'in_review'];

export const isEditable = (status: string): boolean =>
  (EDITABLE_STATUSES as readonly string[]).includes(status);

/** Past its due date without an evaluation. */
export const isOverdue = (
  assessment: { status: string; dueAt: Date | string | null },
  now: Date,
): boolean =>
  assessment.status !== 'evaluated' &&
  assessment.dueAt !== null &&
  new Date(assessment.dueAt).getTime() < now.getTime();
