import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { escapeHtml } from './escape-html';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along (an invoice PDF); never health data. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** A short name of the template for logs; the content itself is never logged. */
  template: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Bounds on every SMTP conversation, so a mail server that accepts connections and then says
 * nothing costs a job worker seconds rather than nodemailer's default minutes. Options in the
 * query of SMTP_URL (`?greetingTimeout=5000`) take precedence.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Real SMTP when SMTP_URL is set (required in production); otherwise, in development and tests,
 * each message is written as an .eml file to the outbox folder, where a developer (or a test)
 * can open it. Mails are sent by the job worker (see modules' mail jobs), never from a request.
 */
export function createMailer(
  options: {
    smtpUrl: string | undefined;
    from: string;
    outboxDir: string;
    /** Who sends it (the practice's name, address, phone, e-mail): the foot of every mail. */
    footer?: string[];
  },
  log: FastifyBaseLogger,
): Mailer {
  const signed = withFooter(options.footer ?? []);
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send({ template, ...message }) {
        await transport.sendMail({ from: options.from, ...signed(message) });
        log.info({ template }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ template, ...message }) {
      const info = await transport.sendMail({ from: options.from, ...signed(message) });
      await mkdir(options.outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${template}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(options.outboxDir, file), info.message as Buffer);
      log.info({ template, outboxFile: file }, 'mail written to outbox');
    },
  };
}

/** The practice's lines under the text and the HTML of a mail; none when nothing is configured. */
function withFooter(lines: string[]) {
  return <T extends Pick<MailMessage, 'text' | 'html'>>(message: T): T => {
    if (lines.length === 0) return message;
    const html = lines.map(escapeHtml).join('<br>');
    return {
      ...message,
      text: `${message.text}\n\n-- \n${lines.join('\n')}`,
      ...(message.html
        ? {
            html: `${message.html}<hr><p style="color:#5f6b7a;font-size:12px">${html}</p>`,
          }
        : {}),
    };
  };
}
