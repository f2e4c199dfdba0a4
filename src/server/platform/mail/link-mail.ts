import { escapeHtml } from './escape-html';
import type { MailMessage } from './mailer';

/** A short mail to a patient: greeting, paragraphs, one link, closing; as text and as HTML. */
export function linkMail(input: {
  to: string;
  template: string;
  subject: string;
  greeting: string;
  body: string[];
  link: string;
  closing: string;
}): MailMessage {
  const { greeting, body, link, closing } = input;
  const text = [greeting, '', ...body, link, '', closing, ''].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...body.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(closing).replace('\n', '<br>')}</p>`,
  ].join('\n');
  return { to: input.to, subject: input.subject, text, html, template: input.template };
}
