import type { Language } from '../../../shared/constants';
import { linkMail } from '../../platform/mail/link-mail';
import type { MailMessage } from '../../platform/mail/mailer';

const TEXTS: Record<
  Language,
  { subject: string; greeting: (name: string) => string; body: string[]; closing: string }
> = {
  en: {
    subject: 'Your CMD risk assessment is waiting for you',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    body: [
      'You have started your CMD risk assessment but not completed it yet. Your answers so far are saved.',
      'Sign in with the access code from our first e-mail to continue where you left off:',
    ],
    closing: 'Kind regards,\nYour CMD Risk Assessment team',
  },
  de: {
    subject: 'Ihre CMD-Risikobewertung wartet auf Sie',
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    body: [
      'Sie haben Ihre CMD-Risikobewertung begonnen, aber noch nicht abgeschlossen. Ihre bisherigen Antworten sind gespeichert.',
      'Melden Sie sich mit dem Zugangscode aus unserer ersten E-Mail an, um dort weiterzumachen, wo Sie aufgehört haben:',
    ],
    closing: 'Mit freundlichen Grüßen\nIhr Team der CMD-Risikobewertung',
  },
};

/** The one reminder to finish a paid assessment: a name and a link, nothing about the answers. */
export function reminderMail(input: {
  to: string;
  name: string;
  language: Language;
  signInUrl: string;
}): MailMessage {
  const t = TEXTS[input.language];
  return linkMail({
    to: input.to,
    template: 'assessment-reminder',
    subject: t.subject,
    greeting: t.greeting(input.name.trim()),
    body: t.body,
    link: input.signInUrl,
    closing: t.closing,
  });
}
