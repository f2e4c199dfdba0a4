import { normalizeLanguage, type Language } from '../../../shared/constants';
import { privacyMessages } from '../../modules/privacy/messages';
import { reviewMessages } from '../../modules/review/messages';
import { evaluationMessages } from '../../modules/evaluations/messages';
import { answerMessages } from '../../modules/answers/messages';
import { assessmentMessages } from '../../modules/assessments/messages';
import { mediaMessages } from '../../modules/media/messages';
import { paymentMessages } from '../../modules/payments/messages';
import { promoCodeMessages } from '../../modules/promo-codes/messages';
import { questionnaireMessages } from '../../modules/questionnaire/messages';
import { invoiceMessages } from '../../modules/invoices/messages';
import { defineMessages } from './define-messages';

/**
 * Messages the API sends to people, in both languages. Features keep their own tables
 * (defineMessages) and are listed in `serverMessages` below.
 */
const core = defineMessages(
  {
    'errors.badRequest': 'The request is invalid.',
    'errors.validation': 'Please check your input: {{field}} is invalid.',
    'errors.controlCharacters':
      'Please check your input: {{field}} contains control characters (such as a NUL byte), which are not allowed.',
    'errors.malformedMultipart': 'The upload is incomplete or malformed. Please try again.',
    'errors.invalidJson': 'The request body is not valid JSON.',
    'errors.unsupportedMediaType': 'This content type is not supported.',
    'errors.payloadTooLarge': 'The request is too large.',
    'errors.unauthorized': 'Please sign in to continue.',
    'errors.forbidden': 'You do not have permission to do this.',
    'errors.notFound': 'Not found.',
    'errors.conflict': 'This conflicts with the current state. Please reload and try again.',
    'errors.tooManyRequests': 'Too many attempts. Please wait a few minutes and try again.',
    'errors.serviceUnavailable':
      'The service is briefly unavailable. Please try again in a moment.',
    'errors.internal': 'Something went wrong on our side. Please try again.',
    'auth.invalidAccessCode': 'Invalid assessment code. Please check your email and try again.',
    'auth.sessionExpired': 'Your session has ended. Please sign in again.',
    'auth.totpRequired': 'Enter the 6-digit code from your authenticator app.',
    'auth.totpInvalid':
      'That authenticator code is not valid or was already used. Wait for the next code.',
    'auth.totpNotEnrolled':
      'This administrator account has no authenticator app set up yet. Run admin:create again to enrol one.',
    'auth.totpBackoff':
      'Too many wrong authenticator codes from this connection. Please wait {{seconds}} seconds and try again.',
  },
  {
    'errors.badRequest': 'Die Anfrage ist ungültig.',
    'errors.validation': 'Bitte prüfen Sie Ihre Eingabe: {{field}} ist ungültig.',
    'errors.controlCharacters':
      'Bitte prüfen Sie Ihre Eingabe: {{field}} enthält Steuerzeichen (etwa ein NUL-Byte), die nicht erlaubt sind.',
    'errors.malformedMultipart':
      'Der Upload ist unvollständig oder fehlerhaft. Bitte versuchen Sie es erneut.',
    'errors.invalidJson': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    'errors.unsupportedMediaType': 'Dieser Inhaltstyp wird nicht unterstützt.',
    'errors.payloadTooLarge': 'Die Anfrage ist zu groß.',
    'errors.unauthorized': 'Bitte melden Sie sich an, um fortzufahren.',
    'errors.forbidden': 'Dazu haben Sie keine Berechtigung.',
    'errors.notFound': 'Nicht gefunden.',
    'errors.conflict':
      'Das widerspricht dem aktuellen Stand. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    'errors.tooManyRequests':
      'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    'errors.serviceUnavailable':
      'Der Dienst ist kurz nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    'errors.internal': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
    'auth.invalidAccessCode':
      'Ungültiger Bewertungscode. Bitte prüfen Sie Ihre E-Mail und versuchen Sie es erneut.',
    'auth.sessionExpired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    'auth.totpRequired': 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    'auth.totpInvalid':
      'Dieser Authenticator-Code ist ungültig oder wurde schon verwendet. Warten Sie auf den nächsten Code.',
    'auth.totpNotEnrolled':
      'Für dieses Administratorkonto ist noch keine Authenticator-App eingerichtet. Führen Sie admin:create erneut aus.',
    'auth.totpBackoff':
      'Zu viele falsche Authenticator-Codes von dieser Verbindung. Bitte warten Sie {{seconds}} Sekunden und versuchen Sie es erneut.',
  },
);

const tables = [
  core,
  reviewMessages,
  privacyMessages,
  paymentMessages,
  promoCodeMessages,
  questionnaireMessages,
  answerMessages,
  assessmentMessages,
  mediaMessages,
  evaluationMessages,
  invoiceMessages,
] as const;

type KeysOf<T> = T extends { en: Record<infer K, string> } ? K : never;
export type MessageKey = KeysOf<(typeof tables)[number]>;

export const serverMessages = {
  en: Object.assign({}, ...tables.map((table) => table.en)),
  de: Object.assign({}, ...tables.map((table) => table.de)),
} as Record<Language, Record<MessageKey, string>>;

export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return serverMessages[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}

/** The language of a request: the browser's Accept-Language, which the web client always sends. */
export function languageOfHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  return normalizeLanguage(value?.split(',')[0]?.trim());
}
