import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about answers. */
export const answerMessages = defineMessages(
  {
    'survey.invalidOption': 'Please choose one of the options of this question.',
    'survey.invalidMedia': 'Please take the photo or video for this question again.',
    'survey.duplicateSymptom': 'Each complaint can be recorded only once.',
  },
  {
    'survey.invalidOption': 'Bitte wählen Sie eine der Antworten dieser Frage.',
    'survey.invalidMedia': 'Bitte nehmen Sie das Foto oder Video für diese Frage erneut auf.',
    'survey.duplicateSymptom': 'Jede Beschwerde kann nur einmal erfasst werden.',
  },
);

registerMessages(answerMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof answerMessages.en, string> {}
}
