import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about signing in. */
export const accountMessages = defineMessages(
  {
    'auth.invalidAccessCode': 'Invalid assessment code. Please check your email and try again.',
    'auth.totpRequired': 'Enter the 6-digit code from your authenticator app.',
    'auth.totpInvalid':
      'That authenticator code is not valid or was already used. Wait for the next code.',
    'auth.totpNotEnrolled':
      'This administrator account has no authenticator app set up yet. Run admin:create again to enrol one.',
    'auth.totpBackoff':
      'Too many wrong authenticator codes from this connection. Please wait {{seconds}} seconds and try again.',
  },
  {
    'auth.invalidAccessCode':
      'Ungültiger Bewertungscode. Bitte prüfen Sie Ihre E-Mail und versuchen Sie es erneut.',
    'auth.totpRequired': 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    'auth.totpInvalid':
      'Dieser Authenticator-Code ist ungültig oder wurde schon verwendet. Warten Sie auf den nächsten Code.',
    'auth.totpNotEnrolled':
      'Für dieses Administratorkonto ist noch keine Authenticator-App eingerichtet. Führen Sie admin:create erneut aus.',
    'auth.totpBackoff':
      'Zu viele falsche Authenticator-Codes von dieser Verbindung. Bitte warten Sie {{seconds}} Sekunden und versuchen Sie es erneut.',
  },
);

registerMessages(accountMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof accountMessages.en, string> {}
}
