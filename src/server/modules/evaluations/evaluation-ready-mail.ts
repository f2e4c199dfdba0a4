import { z } from 'zod';
import type { Language } from '../../../shared/constants';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { linkMail } from '../../platform/mail/link-mail';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { findAssessment } from '../assessments/assessments-repository';

const TEXTS: Record<
  Language,
  { subject: string; greeting: (name: string) => string; body: string[]; closing: string }
> = {
  en: {
    subject: 'Your evaluation is ready',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    body: [
      'The dentist has written the evaluation of your CMD risk assessment.',
      'For your privacy it is not in this e-mail. Sign in with your access code to read it and download it as a PDF:',
    ],
    closing: 'Kind regards,\nYour CMD Risk Assessment team',
  },
  de: {
    subject: 'Ihre Auswertung liegt vor',
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    body: [
      'Die Zahnärztin oder der Zahnarzt hat die Auswertung Ihrer CMD-Risikobewertung geschrieben.',
      'Zum Schutz Ihrer Daten steht sie nicht in dieser E-Mail. Melden Sie sich mit Ihrem Zugangscode an, um sie zu lesen und als PDF herunterzuladen:',
    ],
    closing: 'Mit freundlichen Grüßen\nIhr Team der CMD-Risikobewertung',
  },
};

/** "Your evaluation is ready": a link to sign in, never the evaluation or any answer. */
export function evaluationReadyMail(input: {
  to: string;
  name: string;
  language: Language;
  signInUrl: string;
}): MailMessage {
  const t = TEXTS[input.language];
  return linkMail({
    to: input.to,
    template: 'evaluation-ready',
    subject: t.subject,
    greeting: t.greeting(input.name.trim()),
    body: t.body,
    link: input.signInUrl,
    closing: t.closing,
  });
}

export const evaluationReadyJob = defineJob({
  name: 'evaluation-ready-mail',
  payload: z.object({ assessmentId: z.number().int().positive() }),
  attempts: 12,
  backoffSeconds: 30,
});

export interface EvaluationMailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}

/** Written from the row when sent: the patient's address and language as they are now. */
export function registerEvaluationMails(jobs: JobQueue, deps: EvaluationMailDeps): void {
  jobs.register(evaluationReadyJob, async ({ assessmentId }) => {
    const assessment = await findAssessment(deps.db, assessmentId);
    if (!assessment) return;
    await deps.mailer.send(
      evaluationReadyMail({
        to: assessment.email,
        name: `${assessment.firstName} ${assessment.lastName}`,
        language: assessment.language,
        signInUrl: `${deps.config.publicUrl}/`,
      }),
    );
  });
}
