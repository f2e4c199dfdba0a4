import type { PracticeCalendar } from '../../platform/calendar/practice-calendar';
import type { MailMessage } from '../../platform/mail/mailer';

const WORDING = {
  /** An assessment was completed and waits for review. */
  submitted: {
    template: 'practice-assessment-submitted',
    subject: (id: number, due: string, dueDe: string) =>
      `New assessment #${id} to review (due ${due}) / Neue Bewertung #${id} (fällig ${dueDe})`,
    en: (id: number, due: string) =>
      `A patient has completed assessment #${id}. The evaluation is due on ${due}.`,
    de: (id: number, dueDe: string) =>
      `Eine Patientin oder ein Patient hat die Bewertung #${id} abgeschlossen. Die Auswertung ist fällig am ${dueDe}.`,
  },
  /** An assessment passed its due date without an evaluation. */
  overdue: {
    template: 'practice-assessment-overdue',
    subject: (id: number, due: string, dueDe: string) =>
      `Overdue: assessment #${id} (due ${due}) / Überfällig: Bewertung #${id} (fällig ${dueDe})`,
    en: (id: number, due: string) =>
      `The evaluation of assessment #${id} was due on ${due} and has not been sent yet.`,
    de: (id: number, dueDe: string) =>
      `Die Auswertung der Bewertung #${id} war am ${dueDe} fällig und wurde noch nicht versandt.`,
  },
};

/**
 * Tells the practice about an assessment, in English and German. Only a reference number, the
 * due date and a link: no name and no answers, since e-mail is not a safe place for health data.
 */
export function practiceNotification(input: {
  kind: keyof typeof WORDING;
  to: string;
  assessmentId: number;
  dueAt: Date;
  /** The due time is printed as the practice reads it, with its zone named. */
  calendar: PracticeCalendar;
  publicUrl: string;
}): MailMessage {
  const wording = WORDING[input.kind];
  const id = input.assessmentId;
  const due = input.calendar.formatDateTime(input.dueAt, 'en');
  const dueDe = input.calendar.formatDateTime(input.dueAt, 'de');
  const link = `${input.publicUrl}/admin/review`;
  return {
    to: input.to,
    template: wording.template,
    subject: wording.subject(id, due, dueDe),
    text: [
      wording.en(id, due),
      `Open the review queue: ${link}`,
      '',
      wording.de(id, dueDe),
      `Zur Prüfliste: ${link}`,
    ].join('\n'),
  };
}
