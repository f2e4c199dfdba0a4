import { randomBytes } from 'node:crypto';

/**
 * What a production start of the server needs in the bench: no mail is sent while it is
 * measured, but production refuses to start without a mail server, a real sender and a media
 * key.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PAYMENTS: 'demo',
  LOG_LEVEL: 'warn',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Bench practice <bench@example.org>',
  MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
