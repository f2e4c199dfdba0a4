import { z } from 'zod';
import type { Config } from '../../platform/config';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import type { Db } from '../../platform/db/client';
import { defineJob, noPayload } from '../../platform/jobs/job-definition';
import { enqueue, type JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { EDITABLE_STATUSES, OPEN_REVIEW_STATUSES } from './assessment-state';
import {
  claimOnce,
  findAssessment,
  listOverdueCandidates,
  listReminderCandidates,
} from './assessments-repository';
import { practiceNotification } from './practice-notification';
import { reminderMail } from './reminder-mail';

/**
 * Mails nobody asks for in a request: the reminder to finish a paid assessment and the practice's
 * notice that an assessment is overdue. A recurring scan (once per interval across the cluster)
 * finds the assessments; for each it claims the row's "sent once" column and queues one mail job
 * in the same transaction, so however many instances scan, each mail is queued once.
 */
const SCAN_INTERVAL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const ofAssessment = z.object({ assessmentId: z.number().int().positive() });
const scan = { payload: noPayload, attempts: 3, backoffSeconds: 5 * 60 };
const mail = { payload: ofAssessment, attempts: 12, backoffSeconds: 30 };

export const reminderScanJob = defineJob({ name: 'reminder-scan', ...scan });
export const overdueScanJob = defineJob({ name: 'overdue-scan', ...scan });
export const reminderMailJob = defineJob({ name: 'reminder-mail', ...mail });
export const overdueNoticeJob = defineJob({ name: 'overdue-notice', ...mail });

export interface CareScanDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'practiceEmail' | 'publicUrl' | 'practice' | 'reminderAfterDays'>;
}

/** Claims each assessment's column and queues its mail; returns how many were queued. */
async function claimAndQueue(
  db: Db,
  ids: number[],
  column: 'reminderSentAt' | 'overdueNotifiedAt',
  job: typeof reminderMailJob,
  now: Date,
): Promise<number> {
  let queued = 0;
  for (const assessmentId of ids) {
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimOnce(tx, assessmentId, column, now))) return false;
      await enqueue(
        tx,
        job,
        { assessmentId },
        { assessmentId, dedupeKey: `${job.name}:${assessmentId}` },
      );
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}

export async function scanForReminders(deps: CareScanDeps, now = new Date()): Promise<number> {
  const boughtBefore = new Date(now.getTime() - deps.config.reminderAfterDays * DAY_MS);
  const ids = await listReminderCandidates(deps.db, boughtBefore);
  return claimAndQueue(deps.db, ids, 'reminderSentAt', reminderMailJob, now);
}

export async function scanForOverdue(deps: CareScanDeps, now = new Date()): Promise<number> {
  // Without a practice address there is nobody to tell; the column stays free for when there is.
  if (!deps.config.practiceEmail) return 0;
  const ids = await listOverdueCandidates(deps.db, OPEN_REVIEW_STATUSES, now);
  return claimAndQueue(deps.db, ids, 'overdueNotifiedAt', overdueNoticeJob, now);
}

/** Sent only while the assessment is still unfinished: not after completion or erasure. */
async function sendReminder(deps: CareScanDeps, assessmentId: number): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  if (!assessment || assessment.cancelledAt) return;
  if (!(EDITABLE_STATUSES as readonly string[]).includes(assessment.status)) return;
  await deps.mailer.send(
    reminderMail({
      to: assessment.email,
      name: `${assessment.firstName} ${assessment.lastName}`,
      language: assessment.language,
      signInUrl: `${deps.config.publicUrl}/`,
    }),
  );
}

/** Not sent when the evaluation went out meanwhile. */
async function sendOverdueNotice(deps: CareScanDeps, assessmentId: number): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  const to = deps.config.practiceEmail;
  if (!assessment?.dueAt || !to || assessment.cancelledAt) return;
  if (!OPEN_REVIEW_STATUSES.includes(assessment.status)) return;
  await deps.mailer.send(
    practiceNotification({
      kind: 'overdue',
      to,
      assessmentId,
      dueAt: assessment.dueAt,
      calendar: practiceCalendar(deps.config.practice),
      publicUrl: deps.config.publicUrl,
    }),
  );
}

export function registerCareScans(jobs: JobQueue, deps: CareScanDeps): void {
  jobs.every(reminderScanJob, SCAN_INTERVAL_MS, async (_payload, { log }) => {
    const queued = await scanForReminders(deps);
    if (queued > 0) log.info({ queued }, 'queued reminders');
  });
  jobs.every(overdueScanJob, SCAN_INTERVAL_MS, async (_payload, { log }) => {
    const queued = await scanForOverdue(deps);
    if (queued > 0) log.info({ queued }, 'queued overdue notices');
  });
  jobs.register(reminderMailJob, ({ assessmentId }) => sendReminder(deps, assessmentId));
  jobs.register(overdueNoticeJob, ({ assessmentId }) => sendOverdueNotice(deps, assessmentId));
}
