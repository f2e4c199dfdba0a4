import { buffer } from 'node:stream/consumers';
import { z } from 'zod';
import type { Language } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import type { Db, DbOrTx } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import { enqueue, type JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { findAssessment } from '../assessments';
import { renderStoredInvoice } from '../invoices';
import { invoicesOfAssessment } from '../invoices';

export const refundMailJob = defineJob({
  name: 'refund-mail',
  payload: z.object({ assessmentId: z.number().int().positive() }),
  attempts: 12,
  backoffSeconds: 30,
});

/** Queued in the transaction that records the refund, so it goes out exactly when that commits. */
export function enqueueRefundMail(db: DbOrTx, assessmentId: number): Promise<number | null> {
  return enqueue(
    db,
    refundMailJob,
    { assessmentId },
    { assessmentId, dedupeKey: `refund-mail:${assessmentId}` },
  );
}

const texts = {
  en: {
    subject: 'Your CMD risk assessment has been refunded',
    greeting: (name: string) => `Dear ${name},`,
    body: 'your payment for the CMD risk assessment has been refunded in full, and the assessment has been cancelled: its access code no longer works.',
    timing:
      'The amount goes back to the means of payment you used; depending on your bank it can take a few days to appear.',
    attached: 'The cancellation invoice is attached to this e-mail.',
    signature: 'Your CMD Risk Assessment team',
  },
  de: {
    subject: 'Ihre CMD-Risikobewertung wurde erstattet',
    greeting: (name: string) => `Guten Tag ${name},`,
    body: 'Ihre Zahlung für die CMD-Risikobewertung wurde vollständig erstattet und die Bewertung storniert: Ihr Zugangscode funktioniert nicht mehr.',
    timing:
      'Der Betrag wird auf das verwendete Zahlungsmittel zurückgebucht; je nach Bank kann es einige Tage dauern, bis er erscheint.',
    attached: 'Die Stornorechnung finden Sie im Anhang dieser E-Mail.',
    signature: 'Ihr Team der CMD-Risikobewertung',
  },
} satisfies Record<Language, Record<string, unknown>>;

/** The patient's refund notice; no health data, no reason (the practice's note stays with it). */
export function refundMail(input: {
  to: string;
  name: string;
  language: Language;
  invoice: { filename: string; content: Buffer } | undefined;
}): MailMessage {
  const t = texts[input.language];
  const text = [
    t.greeting(input.name),
    '',
    t.body,
    '',
    t.timing,
    ...(input.invoice ? ['', t.attached] : []),
    '',
    t.signature,
  ].join('\n');
  return {
    to: input.to,
    subject: t.subject,
    text,
    attachments: input.invoice ? [{ ...input.invoice, contentType: 'application/pdf' }] : undefined,
    template: `refund-${input.language}`,
  };
}

export interface RefundMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'practice'>;
}

async function sendRefundMail(deps: RefundMailDeps, assessmentId: number): Promise<void> {
  const assessment = await findAssessment(deps.db, assessmentId);
  if (!assessment) return;
  const cancellation = (await invoicesOfAssessment(deps.db, assessmentId)).findLast(
    (invoice) => invoice.kind === 'cancellation',
  );
  const rendered = cancellation ? await renderStoredInvoice(deps, cancellation) : undefined;
  await deps.mailer.send(
    refundMail({
      to: assessment.email,
      name: `${assessment.firstName} ${assessment.lastName}`.trim(),
      language: assessment.language,
      invoice: rendered && {
        filename: rendered.filename,
        content: await buffer(rendered.pdf),
      },
    }),
  );
}

export function registerRefundMail(jobs: JobQueue, deps: RefundMailDeps): void {
  jobs.register(refundMailJob, ({ assessmentId }) => sendRefundMail(deps, assessmentId));
}
