import {
  EVALUATION_WORKING_DAYS,
  practiceCalendar,
} from '../../platform/calendar/practice-calendar';
import type { Config } from '../../platform/config';
import type { DbOrTx } from '../../platform/db/client';
import { enqueue } from '../../platform/jobs/job-queue';
import { completionMailJob, practiceNotificationJob } from './assessment-mails';
import { claimOnce, transitionAssessment } from './assessments-repository';

/**
 * Completing the survey submits the assessment, due two working days of the practice later. Only the first
 * completion counts (a conditional update), so the practice notification is queued once.
 */
export interface SubmitDeps {
  db: DbOrTx;
  config: Pick<Config, 'practiceEmail' | 'publicUrl' | 'practice'>;
}

export async function submitAssessment(
  deps: SubmitDeps,
  assessmentId: number,
  now = new Date(),
): Promise<boolean> {
  const calendar = practiceCalendar(deps.config.practice);
  const dueAt = calendar.addWorkingDays(now, EVALUATION_WORKING_DAYS);
  const submitted = await transitionAssessment(deps.db, assessmentId, ['in_progress'], {
    status: 'submitted',
    submittedAt: now,
    dueAt,
  });
  if (!submitted) return false;

  if (deps.config.practiceEmail) {
    await enqueue(
      deps.db,
      practiceNotificationJob,
      { assessmentId: submitted.id },
      { assessmentId: submitted.id },
    );
  }
  return true;
}

/**
 * The patient completed the survey: the assessment is submitted (the first time only) and the
 * completion mail queued once per assessment, claimed by a conditional update in the caller's
 * transaction, so concurrent calls queue one mail. True when this call queued it.
 */
export async function submitWithCompletionMail(
  deps: SubmitDeps,
  assessmentId: number,
  now = new Date(),
): Promise<boolean> {
  await submitAssessment(deps, assessmentId, now);
  if (!(await claimOnce(deps.db, assessmentId, 'completionEmailSentAt', now))) return false;
  await enqueue(deps.db, completionMailJob, { assessmentId }, { assessmentId });
  return true;
}
