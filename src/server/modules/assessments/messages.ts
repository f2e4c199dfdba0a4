import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about an assessment's state. */
export const assessmentMessages = defineMessages(
  {
    'admin.accessCodeNotFound': 'This assessment no longer exists.',
    'admin.accessCodeRetired':
      'The access code of this assessment has been retired, so no new code can be sent for it.',
    'survey.notEditable':
      'You have completed your assessment, so its answers, photos and videos can no longer be changed.',
    'survey.incomplete':
      'Some questions must be answered before you can complete the assessment. Please answer the question shown.',
  },
  {
    'admin.accessCodeNotFound': 'Diese Bewertung existiert nicht mehr.',
    'admin.accessCodeRetired':
      'Der Zugangscode dieser Bewertung wurde stillgelegt, daher kann dafür kein neuer Code gesendet werden.',
    'survey.notEditable':
      'Sie haben Ihre Bewertung abgeschlossen, daher können Antworten, Fotos und Videos nicht mehr geändert werden.',
    'survey.incomplete':
      'Einige Fragen müssen beantwortet sein, bevor Sie die Bewertung abschließen können. Bitte beantworten Sie die angezeigte Frage.',
  },
);

registerMessages(assessmentMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof assessmentMessages.en, string> {}
}
