import type { PracticeCalendar } from '../../platform/calendar/practice-calendar';
import type { MailMessage } from '../../platform/mail/mailer';

/**
 * Tells the practice that an assessment passed its due date without an evaluation: the reference
 * number, the due date and a link, no name and no answers (e-mail is no place for health data).
 */
export function overdueNotice(input: {
  to: string;
  assessmentId: number;
  dueAt: Date;
  calendar: PracticeCalendar;
  publicUrl: string;
}): MailMessage {
  const due = input.calendar.formatDateTime(input.dueAt, 'en');
  const dueDe = input.calendar.formatDateTime(input.dueAt, 'de');
  const link = `${input.publicUrl}/admin/review`;
  return {
    to: input.to,
    template: 'practice-assessment-overdue',
    subject: `Overdue: assessment #${input.assessmentId} (due ${due}) / Überfällig: Bewertung #${input.assessmentId} (fällig ${dueDe})`,
    text: [
      `The evaluation of assessment #${input.assessmentId} was due on ${due} and has not been sent yet.`,
      `Open the review queue: ${link}`,
      '',
      `Die Auswertung der Bewertung #${input.assessmentId} war am ${dueDe} fällig und wurde noch nicht versandt.`,
      `Zur Prüfliste: ${link}`,
    ].join('\n'),
  };
}
