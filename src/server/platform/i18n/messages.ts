import { normalizeLanguage, type Language } from '../../../shared/constants';
import { defineMessages } from './define-messages';
import { fill } from './fill';

/**
 * Messages the API sends to people, in both languages: those of the platform here, each
 * module's in its messages.ts (defineMessages, then registerMessages).
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
    'auth.sessionExpired': 'Your session has expired. Please sign in again.',
    'auth.signedOut': 'You have been signed out. Please sign in again.',
    'auth.codeReplaced':
      'A new access code has replaced the one this session was opened with. Please sign in with the new code.',
    'auth.refunded': 'This assessment was refunded; its access code no longer works.',
    'auth.erased': 'This assessment has been erased; its data no longer exists.',
    'auth.notAdmin': 'This account no longer has administrator rights.',
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
    'auth.sessionExpired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    'auth.signedOut': 'Sie wurden abgemeldet. Bitte melden Sie sich erneut an.',
    'auth.codeReplaced':
      'Ein neuer Zugangscode hat den Code ersetzt, mit dem diese Sitzung begann. Bitte melden Sie sich mit dem neuen Code an.',
    'auth.refunded': 'Diese Bewertung wurde erstattet; ihr Zugangscode gilt nicht mehr.',
    'auth.erased': 'Diese Bewertung wurde gelöscht; ihre Daten gibt es nicht mehr.',
    'auth.notAdmin': 'Dieses Konto hat keine Administratorrechte mehr.',
  },
);

/**
 * The keys of every module's messages. A module's messages.ts adds its keys here (declaration
 * merging) and registers its tables, so the platform names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleMessages {}

export type MessageKey = keyof typeof core.en | keyof ModuleMessages;

/** Every registered message, by language: the core ones and each module's. */
export const serverMessages = {
  en: { ...core.en },
  de: { ...core.de },
} as Record<Language, Record<MessageKey, string>>;

/** Adds a module's messages (called once, when its messages.ts is loaded). */
export function registerMessages(table: {
  en: Record<string, string>;
  de: Record<string, string>;
}): void {
  Object.assign(serverMessages.en, table.en);
  Object.assign(serverMessages.de, table.de);
}

export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return fill(serverMessages[language][key], params);
}

/** The language of a request: the browser's Accept-Language, which the web client always sends. */
export function languageOfHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  return normalizeLanguage(value?.split(',')[0]?.trim());
}
