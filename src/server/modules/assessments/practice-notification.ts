import type { PracticeCalendar } from '../../platform/calendar/practice-calendar';
import type { MailMessage } from '../../platform/mail/mailer';

/**
 * Tells the practice that an assessment waits for review. Only a reference number, the due date
 * and a link: no name and no answers, since e-mail is not a safe place for health data.
 */
export function practiceNotification(input: {
  to: string;
  assessmentId: number;
  dueAt: Date;
  /** The due time is printed as the practice reads it, with its zone named. */
  calendar: PracticeCalendar;
  publicUrl: string;
}): MailMessage {
  const due = input.calendar.formatDateTime(input.dueAt, 'en');
  const dueDe = input.calendar.formatDateTime(input.dueAt, 'de');
  const link = `${input.publicUrl}/admin/review`;
  return {
    to: input.to,
    template: 'practice-assessment-submitted',
    subject: `New assessment #${input.assessmentId} to review (due ${due}) / Neue Bewertung #${input.assessmentId} (fällig ${dueDe})`,
    text: [
      `A patient has completed assessment #${input.assessmentId}. The evaluation is due on ${due}.`,
      `Open the review queue: ${link}`,
      '',
      `Eine Patientin oder ein Patient hat die Bewertung #${input.assessmentId} abgeschlossen. Die Auswertung ist fällig am ${dueDe}.`,
      `Zur Prüfliste: ${link}`,
    ].join('\n'),
  };
}
