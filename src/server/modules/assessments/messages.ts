import { defineMessages } from '../../platform/i18n/define-messages';

/** API messages about an assessment's state. */
export const assessmentMessages = defineMessages(
  {
    'admin.accessCodeNotFound': 'This assessment no longer exists.',
    'survey.notEditable':
      'You have completed your assessment, so its answers, photos and videos can no longer be changed.',
    'survey.incomplete':
      'Some questions must be answered before you can complete the assessment. Please answer the question shown.',
  },
  {
    'admin.accessCodeNotFound': 'Diese Bewertung existiert nicht mehr.',
    'survey.notEditable':
      'Sie haben Ihre Bewertung abgeschlossen, daher können Antworten, Fotos und Videos nicht mehr geändert werden.',
    'survey.incomplete':
      'Einige Fragen müssen beantwortet sein, bevor Sie die Bewertung abschließen können. Bitte beantworten Sie die angezeigte Frage.',
  },
);
