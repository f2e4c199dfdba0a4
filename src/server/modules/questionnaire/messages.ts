import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about questions. */
export const questionnaireMessages = defineMessages(
  {
    'admin.questionNotFound': 'This question no longer exists. Please reload the list.',
    'admin.optionsRequired': 'A multiple-choice question needs at least one active option.',
    'admin.optionNotFound': 'An option of this question no longer exists. Please reload the list.',
    'admin.questionTypeLocked':
      'This question already has answers, so its type cannot be changed. Create a new question instead.',
    'survey.questionNotFound': 'This question does not exist or is no longer part of the survey.',
  },
  {
    'admin.questionNotFound': 'Diese Frage existiert nicht mehr. Bitte laden Sie die Liste neu.',
    'admin.optionsRequired': 'Eine Auswahlfrage braucht mindestens eine aktive Antwortmöglichkeit.',
    'admin.optionNotFound':
      'Eine Antwortmöglichkeit dieser Frage existiert nicht mehr. Bitte laden Sie die Liste neu.',
    'admin.questionTypeLocked':
      'Diese Frage wurde bereits beantwortet, daher kann ihr Typ nicht geändert werden. Legen Sie stattdessen eine neue Frage an.',
    'survey.questionNotFound':
      'Diese Frage gibt es nicht oder sie ist nicht mehr Teil des Fragebogens.',
  },
);

registerMessages(questionnaireMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof questionnaireMessages.en, string> {}
}
