import { randomBytes } from 'node:crypto';

/**
 * What a production start of the server needs in the bench: no mail is sent while it is
 * measured, but production refuses to start without a mail server, a real sender, a media key
 * and the practice profile.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PAYMENTS: 'demo',
  LOG_LEVEL: 'warn',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Bench practice <bench@example.org>',
  MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  PRACTICE_NAME: 'Bench practice',
  PRACTICE_ADDRESS: 'Benchstraße 1|10115 Berlin',
  PRACTICE_EMAIL: 'bench@example.org',
  PRACTICE_PHONE: '+49 30 1234567',
  PRACTICE_TAX_NUMBER: '27/123/45678',
  PRACTICE_VAT: 'exempt',
};
