import { defineMessages } from '../i18n/define-messages';

export const surveyMessages = defineMessages(
  {
    'survey.questionNotFound': 'This question does not exist or is no longer part of the survey.',
    'survey.invalidOption': 'Please choose one of the options of this question.',
    'survey.invalidMedia': 'Please take the photo or video for this question again.',
    'survey.duplicateSymptom': 'Each complaint can be recorded only once.',
    'survey.notEditable':
      'You have completed your assessment, so its answers, photos and videos can no longer be changed.',
    'survey.incomplete': 'Please answer every question before completing the assessment.',
    'survey.mediaMissing': 'Please attach a photo or video file.',
    'survey.mediaFields': 'The upload needs the media type and the question.',
    'survey.mediaWrongKind': 'This file is not a supported photo (JPEG, PNG) or video (WebM, MP4).',
    'survey.mediaTooLarge': 'The file is too large. Please record a shorter video.',
    'survey.mediaQuotaExceeded':
      'This assessment has reached its limit for photos and videos, so this file was not saved. Replaced recordings are cleared within a day; please try again later.',
  },
  {
    'survey.questionNotFound':
      'Diese Frage gibt es nicht oder sie ist nicht mehr Teil des Fragebogens.',
    'survey.invalidOption': 'Bitte wählen Sie eine der Antworten dieser Frage.',
    'survey.invalidMedia': 'Bitte nehmen Sie das Foto oder Video für diese Frage erneut auf.',
    'survey.duplicateSymptom': 'Jede Beschwerde kann nur einmal erfasst werden.',
    'survey.notEditable':
      'Sie haben Ihre Bewertung abgeschlossen, daher können Antworten, Fotos und Videos nicht mehr geändert werden.',
    'survey.incomplete': 'Bitte beantworten Sie alle Fragen, bevor Sie die Bewertung abschließen.',
    'survey.mediaMissing': 'Bitte fügen Sie ein Foto oder Video bei.',
    'survey.mediaFields': 'Für das Hochladen fehlen der Medientyp oder die Frage.',
    'survey.mediaWrongKind':
      'Diese Datei ist kein unterstütztes Foto (JPEG, PNG) oder Video (WebM, MP4).',
    'survey.mediaTooLarge': 'Die Datei ist zu groß. Bitte nehmen Sie ein kürzeres Video auf.',
    'survey.mediaQuotaExceeded':
      'Diese Bewertung hat ihre Grenze für Fotos und Videos erreicht, daher wurde diese Datei nicht gespeichert. Ersetzte Aufnahmen werden innerhalb eines Tages gelöscht; bitte versuchen Sie es später erneut.',
  },
);
