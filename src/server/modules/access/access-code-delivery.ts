import { z } from 'zod';
import { languageSchema } from '../../../shared/contracts/common';
import type { Language } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import { enqueue, type JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer } from '../../platform/mail/mailer';
import { addAccessCode, generateAccessCode, replaceAccessCode } from './access-codes';
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
    /**
     * The first code, bought at checkout; a new one the patient asked for ("forgot code"), which
     * replaces the old one when first used; or one an administrator sent, the old one already
     * retired.
     */
    reason: z.enum(['checkout', 'reissue', 'admin-reissue']).default('checkout'),
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
  request: { reason: 'reissue'; language?: Language } | { reason: 'checkout' | 'admin-reissue' } = {
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
 * Records the code it is about to send (its hash), then sends it: a crash between the two can
 * never leave a mailed code that does not work. The code exists in clear only in this process
 * and the mail. A retry after such a crash makes another code and sends that too; both work,
 * and the first sign-in with either retires the others (`takeOverOlderCodes`). At checkout the
 * new code replaces the first one (never mailed); a patient's "forgot code" adds one beside the
 * code they may still hold; an administrator's has already retired the old one.
 */
export async function deliverAccessCode(
  deps: AccessCodeDeliveryDeps,
  { assessmentId, reason, language }: z.output<typeof accessCodeMailJob.payload>,
): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  // Erased or refunded since: nothing to send.
  if (!assessment || assessment.cancelledAt) return;
  const code = generateAccessCode();
  if (reason === 'checkout') {
    // Its first code retired meanwhile (an administrator removed): nothing to replace.
    if (!(await replaceAccessCode(deps.db, assessmentId, code))) return;
  } else if (
    reason === 'reissue' &&
    !(await assessmentsWithLiveCode(deps.db, [assessmentId])).has(assessmentId)
  ) {
    // Its codes retired meanwhile (an administrator sent one, or removed it): theirs goes out.
    return;
  } else {
    await addAccessCode(deps.db, assessmentId, code);
  }
  await deps.mailer.send(
    accessCodeMail({
      to: assessment.email,
      name: `${assessment.firstName} ${assessment.lastName}`.trim(),
      code,
      language: language ?? assessment.language,
      publicUrl: deps.config.publicUrl,
      reissue: reason === 'checkout' ? undefined : reason,
      orderedAt: practiceCalendar(deps.config.practice).formatDateTime(
        assessment.createdAt,
        language ?? assessment.language,
      ),
      hasInvoice: (await invoicesOfAssessment(deps.db, assessmentId)).length > 0,
      status: assessment.status,
    }),
  );
}

export function registerAccessCodeDelivery(jobs: JobQueue, deps: AccessCodeDeliveryDeps): void {
  jobs.register(accessCodeMailJob, (payload) => deliverAccessCode(deps, payload));
}
