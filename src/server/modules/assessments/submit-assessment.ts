import {
  EVALUATION_WORKING_DAYS,
  practiceCalendar,
} from '../../platform/calendar/practice-calendar';
import type { Config } from '../../config';
import type { DbOrTx } from '../../platform/db/client';
import { enqueue } from '../../platform/jobs/job-queue';
import { practiceNotificationJob } from './assessment-mails';
import { transitionAssessment } from './assessments-repository';

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
