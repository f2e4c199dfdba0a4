import { z } from 'zod';
import { languageSchema } from '../../../shared/contracts/common';
import type { Language } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import { enqueue, type JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { generateAccessCode, replaceAccessCode } from './access-codes';
import { assessmentsWithLiveCode } from './access-codes-repository';
import { findAssessment } from '../assessments';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import { invoicesOfAssessment } from '../invoices';
import { accessCodeMail } from './access-code-mail';

/** About six hours of retries (30 s, doubling, at most an hour apart) before it is given up. */
export const accessCodeMailJob = defineJob({
  name: 'access-code-mail',
  payload: z.object({
    assessmentId: z.number().int().positive(),
    /** The first code, bought at checkout, or a new one in place of a lost one. */
    reason: z.enum(['checkout', 'reissue']).default('checkout'),
    /** The language the new code was asked for in; the assessment's own otherwise. */
    language: languageSchema.optional(),
  }),
  attempts: 12,
  backoffSeconds: 30,
});

/**
 * E-mails the assessment a fresh access code, later, from the job worker: at checkout, and for
 * a patient who lost theirs or an administrator who sends a new one. Call it inside the
 * transaction of the change that asks for it. While one such mail is waiting, asking again
 * changes nothing: the waiting one will carry a fresh code anyway.
 */
export function enqueueAccessCodeMail(
  db: DbOrTx,
  assessmentId: number,
  request: { reason: 'reissue'; language?: Language } | { reason: 'checkout' } = {
    reason: 'checkout',
  },
): Promise<number | null> {
  return enqueue(
    db,
    accessCodeMailJob,
    { assessmentId, ...request },
    { assessmentId, dedupeKey: `access-code-mail:${assessmentId}` },
  );
}

export interface AccessCodeDeliveryDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'practice'>;
}

/**
 * The code is made here, sent, and only then stored (its hash), replacing the earlier one. So
 * the code exists in clear only in this process and the mail; a failed send leaves the earlier
 * code working; and a code stops working only once a mail with a newer one has gone out, even
 * when a delivered mail's job runs again (its worker vanished before recording it).
 */
export async function deliverAccessCode(
  deps: AccessCodeDeliveryDeps,
  { assessmentId, reason, language }: z.output<typeof accessCodeMailJob.payload>,
): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  // Erased since, or its code retired (refunded, or an administrator removed): nothing to send.
  if (!assessment || !(await assessmentsWithLiveCode(deps.db, [assessmentId])).has(assessmentId))
    return;
  const code = generateAccessCode();
  await deps.mailer.send(
    accessCodeMail({
      to: assessment.email,
      name: `${assessment.firstName} ${assessment.lastName}`.trim(),
      code,
      language: language ?? assessment.language,
      publicUrl: deps.config.publicUrl,
      reissue: reason === 'reissue',
      orderedAt: practiceCalendar(deps.config.practice).formatDateTime(
        assessment.createdAt,
        language ?? assessment.language,
      ),
      hasInvoice: (await invoicesOfAssessment(deps.db, assessmentId)).length > 0,
      status: assessment.status,
    }),
  );
  await replaceAccessCode(deps.db, assessmentId, code);
}

export function registerAccessCodeDelivery(jobs: JobQueue, deps: AccessCodeDeliveryDeps): void {
  jobs.register(accessCodeMailJob, (payload) => deliverAccessCode(deps, payload));
}
