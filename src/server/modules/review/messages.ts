import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

export const reviewMessages = defineMessages(
  {
    'review.notFound': 'This assessment does not exist.',
    'review.notSubmitted': 'This assessment has not been submitted yet.',
    'review.invalidTransition':
      'This assessment cannot change to that status from its current one.',
  },
  {
    'review.notFound': 'Diese Bewertung gibt es nicht.',
    'review.notSubmitted': 'Diese Bewertung wurde noch nicht abgeschlossen.',
    'review.invalidTransition':
      'Diese Bewertung kann aus ihrem aktuellen Status nicht in diesen Status wechseln.',
  },
);

registerMessages(reviewMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof reviewMessages.en, string> {}
}
