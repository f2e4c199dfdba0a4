import type { Language } from '../../../shared/constants';
import { DELIVERY_STORY } from '../../../shared/delivery-story';
import { escapeHtml } from '../../platform/mail/escape-html';
import type { MailMessage } from '../../platform/mail/mailer';

const TEXTS: Record<
  Language,
  { subject: string; greeting: (name: string) => string; body: string[]; closing: string }
> = {
  en: {
    subject: 'Your CMD risk assessment has been received',
    greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
    body: [
      'Thank you for completing your CMD risk assessment. Your answers, photos and videos have reached us safely.',
      DELIVERY_STORY.en,
      'You do not need to do anything else in the meantime.',
    ],
    closing: 'Kind regards,\nYour CMD Risk Assessment team',
  },
  de: {
    subject: 'Ihre CMD-Risikobewertung ist eingegangen',
    greeting: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
    body: [
      'vielen Dank, dass Sie Ihre CMD-Risikobewertung abgeschlossen haben. Ihre Antworten, Fotos und Videos sind sicher bei uns angekommen.',
      DELIVERY_STORY.de,
      'Bis dahin müssen Sie nichts weiter tun.',
    ],
    closing: 'Mit freundlichen Grüßen\nIhr Team der CMD-Risikobewertung',
  },
};

/** The "we received your assessment" message, in the patient's language. */
export function completionMail(input: {
  to: string;
  name: string;
  language: Language;
}): MailMessage {
  const t = TEXTS[input.language];
  const greeting = t.greeting(input.name.trim());
  const text = [greeting, '', ...t.body.flatMap((p) => [p, '']), t.closing, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...t.body.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${escapeHtml(t.closing).replace('\n', '<br>')}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject, text, html, template: 'survey-completion' };
}
