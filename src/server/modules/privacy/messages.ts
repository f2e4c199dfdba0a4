import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

export const privacyMessages = defineMessages(
  {
    'privacy.patientNotFound': 'This patient does not exist (any more).',
    'privacy.confirmMismatch':
      "The e-mail address typed does not match the patient's. Nothing was erased.",
    'privacy.cannotEraseAdmin': 'Administrator accounts cannot be erased here.',
    'privacy.assessmentNotFound': 'This assessment does not exist (any more).',
    'privacy.confirmNameMismatch':
      "The name typed does not match this assessment's patient. Nothing was erased.",
    'privacy.exportMediaNotAvailable':
      'Not available: this photo or video could not be read from storage. Please ask the practice.',
  },
  {
    'privacy.patientNotFound': 'Diese Person gibt es nicht (mehr).',
    'privacy.confirmMismatch':
      'Die eingegebene E-Mail-Adresse stimmt nicht mit der der Person überein. Es wurde nichts gelöscht.',
    'privacy.cannotEraseAdmin': 'Administratorkonten können hier nicht gelöscht werden.',
    'privacy.assessmentNotFound': 'Diese Bewertung gibt es nicht (mehr).',
    'privacy.confirmNameMismatch':
      'Der eingegebene Name stimmt nicht mit dem der Person dieser Bewertung überein. Es wurde nichts gelöscht.',
    'privacy.exportMediaNotAvailable':
      'Nicht verfügbar: Dieses Foto oder Video konnte nicht aus dem Speicher gelesen werden. Bitte wenden Sie sich an die Praxis.',
  },
);

registerMessages(privacyMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof privacyMessages.en, string> {}
}
