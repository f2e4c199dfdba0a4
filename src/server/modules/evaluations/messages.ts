import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about evaluations and the conclusion list. */
export const evaluationMessages = defineMessages(
  {
    'evaluation.alreadySent':
      'This evaluation has already been sent and can no longer be changed. Add an addendum instead.',
    'evaluation.notSent': 'This evaluation has not been sent yet; change the draft instead.',
    'evaluation.noConclusion': 'Choose a conclusion before sending the evaluation.',
    'evaluation.unknownConclusion': 'This conclusion is not on the list (any more).',
    'evaluation.notReady': 'Your evaluation is not ready yet.',
    'evaluation.cancelled': 'This assessment was refunded and cancelled; it gets no evaluation.',
  },
  {
    'evaluation.alreadySent':
      'Diese Auswertung wurde bereits versandt und kann nicht mehr geändert werden. Fügen Sie stattdessen einen Nachtrag hinzu.',
    'evaluation.notSent':
      'Diese Auswertung wurde noch nicht versandt; ändern Sie stattdessen den Entwurf.',
    'evaluation.noConclusion': 'Wählen Sie eine Schlussfolgerung, bevor Sie die Auswertung senden.',
    'evaluation.unknownConclusion': 'Diese Schlussfolgerung steht nicht (mehr) auf der Liste.',
    'evaluation.notReady': 'Ihre Auswertung liegt noch nicht vor.',
    'evaluation.cancelled':
      'Diese Bewertung wurde erstattet und storniert; sie erhält keine Auswertung.',
  },
);

registerMessages(evaluationMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof evaluationMessages.en, string> {}
}
