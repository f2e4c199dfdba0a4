import { z } from 'zod';
import type { Language } from '../../../shared/constants';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { defineJob } from '../../platform/jobs/job-definition';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { linkMail } from '../../platform/mail/link-mail';
import type { Mailer, MailMessage } from '../../platform/mail/mailer';
import { findAssessment } from '../assessments';

/** Sent when the evaluation goes out, and again when an addendum is added to it. */
export type EvaluationMailKind = 'ready' | 'addendum';

const GREETING: Record<Language, (name: string) => string> = {
  en: (name) => (name ? `Dear ${name},` : 'Hello,'),
  de: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
};
const CLOSING: Record<Language, string> = {
  en: 'Kind regards,\nYour CMD Risk Assessment team',
  de: 'Mit freundlichen Grüßen\nIhr Team der CMD-Risikobewertung',
};
const TEXTS: Record<EvaluationMailKind, Record<Language, { subject: string; body: string[] }>> = {
  ready: {
    en: {
      subject: 'Your evaluation is ready',
      body: [
        'The dentist has written the evaluation of your CMD risk assessment.',
        'For your privacy it is not in this e-mail. Sign in with your access code to read it and download it as a PDF:',
      ],
    },
    de: {
      subject: 'Ihre Auswertung liegt vor',
      body: [
        'Die Zahnärztin oder der Zahnarzt hat die Auswertung Ihrer CMD-Risikobewertung geschrieben.',
        'Zum Schutz Ihrer Daten steht sie nicht in dieser E-Mail. Melden Sie sich mit Ihrem Zugangscode an, um sie zu lesen und als PDF herunterzuladen:',
      ],
    },
  },
  addendum: {
    en: {
      subject: 'An addendum to your evaluation',
      body: [
        'The dentist has added an addendum to the evaluation of your CMD risk assessment.',
        'For your privacy it is not in this e-mail. Sign in with your access code to read it:',
      ],
    },
    de: {
      subject: 'Ein Nachtrag zu Ihrer Auswertung',
      body: [
        'Die Zahnärztin oder der Zahnarzt hat der Auswertung Ihrer CMD-Risikobewertung einen Nachtrag hinzugefügt.',
        'Zum Schutz Ihrer Daten steht er nicht in dieser E-Mail. Melden Sie sich mit Ihrem Zugangscode an, um ihn zu lesen:',
      ],
    },
  },
};

/** A link to sign in, in the patient's language; never the evaluation or any answer. */
export function evaluationMail(input: {
  kind: EvaluationMailKind;
  to: string;
  name: string;
  language: Language;
  signInUrl: string;
}): MailMessage {
  const t = TEXTS[input.kind][input.language];
  return linkMail({
    to: input.to,
    template: `evaluation-${input.kind}`,
    subject: t.subject,
    greeting: GREETING[input.language](input.name.trim()),
    body: t.body,
    link: input.signInUrl,
    closing: CLOSING[input.language],
  });
}

export const evaluationMailJob = defineJob({
  name: 'evaluation-mail',
  payload: z.object({
    assessmentId: z.number().int().positive(),
    kind: z.enum(['ready', 'addendum']),
  }),
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
  jobs.register(evaluationMailJob, async ({ assessmentId, kind }) => {
    const assessment = await findAssessment(deps.db, assessmentId);
    if (!assessment) return;
    await deps.mailer.send(
      evaluationMail({
        kind,
        to: assessment.email,
        name: `${assessment.firstName} ${assessment.lastName}`,
        language: assessment.language,
        signInUrl: `${deps.config.publicUrl}/`,
      }),
    );
  });
}
