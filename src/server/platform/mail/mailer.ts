import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

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
  options: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send({ template, ...message }) {
        await transport.sendMail({ from: options.from, ...message });
        log.info({ template }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ template, ...message }) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${template}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(options.outboxDir, file), info.message as Buffer);
      log.info({ template, outboxFile: file }, 'mail written to outbox');
    },
  };
}
