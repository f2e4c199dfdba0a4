import { z } from 'zod';
import { languageSchema } from '../../../shared/contracts/common';
import type { Language } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import { enqueue, type JobQueue } from '../../platform/jobs/job-queue';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';

/**
 * The notice that an erasure is done. Its job names no assessment (the row is gone when it
 * runs, and a job of an erased assessment is deleted with it): it carries the address, the name
 * and the language only, until the mail is sent and the finished job is cleaned up.
 */
export const erasureMailJob = defineJob({
  name: 'erasure-mail',
  payload: z.object({
    to: z.string(),
    name: z.string(),
    language: languageSchema,
    orderedOn: z.string(),
  }),
  attempts: 12,
  backoffSeconds: 30,
});

export function enqueueErasureMail(
  db: DbOrTx,
  payload: z.output<typeof erasureMailJob.payload>,
): Promise<number | null> {
  return enqueue(db, erasureMailJob, payload, {});
}

const texts = {
  en: {
    subject: 'Your CMD risk assessment has been erased',
    greeting: (name: string) => `Dear ${name},`,
    body: (orderedOn: string) =>
      `as requested, your CMD risk assessment ordered on ${orderedOn} has been erased: your answers, photos and videos, the evaluation and your details stored with it no longer exist, and its access code no longer works.`,
    invoice:
      'Only what the law requires us to keep remains: the invoice, with no health data in it.',
    signature: 'Your CMD Risk Assessment team',
  },
  de: {
    subject: 'Ihre CMD-Risikobewertung wurde gelöscht',
    greeting: (name: string) => `Guten Tag ${name},`,
    body: (orderedOn: string) =>
      `wie gewünscht wurde Ihre am ${orderedOn} bestellte CMD-Risikobewertung gelöscht: Ihre Antworten, Fotos und Videos, die Auswertung und Ihre dazu gespeicherten Angaben gibt es nicht mehr, und ihr Zugangscode gilt nicht mehr.`,
    invoice:
      'Erhalten bleibt nur, was wir gesetzlich aufbewahren müssen: die Rechnung, ohne Gesundheitsdaten.',
    signature: 'Ihr Team der CMD-Risikobewertung',
  },
} satisfies Record<Language, Record<string, unknown>>;

/** The patient's notice that the erasure is done: no health data, only that it happened. */
export function erasureMail(input: z.output<typeof erasureMailJob.payload>): MailMessage {
  const t = texts[input.language];
  return {
    to: input.to,
    subject: t.subject,
    text: [
      t.greeting(input.name),
      '',
      t.body(input.orderedOn),
      '',
      t.invoice,
      '',
      t.signature,
    ].join('\n'),
    template: `erasure-${input.language}`,
  };
}

export function registerErasureMail(jobs: JobQueue, deps: { mailer: Mailer }): void {
  jobs.register(erasureMailJob, (payload) => deps.mailer.send(erasureMail(payload)));
}
