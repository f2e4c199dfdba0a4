import { z } from 'zod';
import type { Config } from '../../platform/config';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import type { Db } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { claimOnce, findAssessment } from './assessments-repository';
import { completionMail } from './completion-mail';
import { practiceNotification } from './practice-notification';

/**
 * The mails about an assessment, queued in the transaction that changes it and sent by the job
 * worker. Their payload is the assessment's id: the mail is written from its row when it is
 * sent, so no address or name waits in the queue, and erasing the assessment removes them.
 */
const ofAssessment = z.object({ assessmentId: z.number().int().positive() });

export const completionMailJob = defineJob({
  name: 'completion-mail',
  payload: ofAssessment,
  attempts: 12,
  backoffSeconds: 30,
});

export const practiceNotificationJob = defineJob({
  name: 'practice-notification',
  payload: ofAssessment,
  attempts: 12,
  backoffSeconds: 30,
});

export interface AssessmentMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'practiceEmail' | 'publicUrl' | 'practice'>;
}

async function sendCompletionMail(deps: AssessmentMailDeps, assessmentId: number): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  if (!assessment) return;
  await deps.mailer.send(
    completionMail({
      to: assessment.email,
      name: `${assessment.firstName} ${assessment.lastName}`,
      language: assessment.language,
    }),
  );
}

async function notifyPractice(deps: AssessmentMailDeps, assessmentId: number): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  const to = deps.config.practiceEmail;
  // Also skipped when a run before this one sent it and only its job's outcome was lost.
  if (!assessment?.dueAt || assessment.practiceNotifiedAt || !to) return;
  await deps.mailer.send(
    practiceNotification({
      kind: 'submitted',
      to,
      assessmentId,
      dueAt: assessment.dueAt,
      calendar: practiceCalendar(deps.config.practice),
      publicUrl: deps.config.publicUrl,
    }),
  );
  await claimOnce(deps.db, assessmentId, 'practiceNotifiedAt', new Date());
}

export function registerAssessmentMails(jobs: JobQueue, deps: AssessmentMailDeps): void {
  jobs.register(completionMailJob, ({ assessmentId }) => sendCompletionMail(deps, assessmentId));
  jobs.register(practiceNotificationJob, ({ assessmentId }) => notifyPractice(deps, assessmentId));
}
