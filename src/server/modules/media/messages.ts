import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages about photos and videos. */
export const mediaMessages = defineMessages(
  {
    'admin.mediaPathInvalid': 'This is not a valid media path.',
    'admin.mediaNotFound': 'This photo or video is not available.',
    'media.rangeNotSatisfiable': 'The requested byte range is outside the file.',
    'media.storeUnavailable':
      'Photos and videos cannot be stored or played right now. Please try again in a moment.',
    'media.linkInvalid':
      'This media link is invalid or has expired. Please open the answer again to get a new one.',
    'survey.mediaNotFound': 'This photo or video does not exist.',
    'survey.mediaMissing': 'Please attach a photo or video file.',
    'survey.mediaFields': 'The upload needs the media type and the question.',
    'survey.mediaWrongKind': 'This file is not a supported photo (JPEG, PNG) or video (WebM, MP4).',
    'survey.mediaTooLarge': 'The file is too large. Please record a shorter video.',
    'survey.uploadNotFound':
      'This upload does not exist or has expired. Please upload the photo or video again.',
    'survey.uploadOffsetMismatch':
      'The upload and the server disagree about how much has arrived. Please try again.',
    'survey.uploadInterrupted': 'The upload was interrupted. It continues where it stopped.',
    'survey.uploadProtocol': 'The upload request was not understood. Please try again.',
    'survey.mediaQuotaExceeded':
      'This assessment has reached its limit for photos and videos, so this file was not saved. Replaced recordings are cleared within a day; please try again later.',
  },
  {
    'admin.mediaPathInvalid': 'Dies ist kein gültiger Medienpfad.',
    'admin.mediaNotFound': 'Dieses Foto oder Video ist nicht verfügbar.',
    'media.rangeNotSatisfiable': 'Der angeforderte Bytebereich liegt außerhalb der Datei.',
    'media.storeUnavailable':
      'Fotos und Videos können gerade nicht gespeichert oder abgespielt werden. Bitte versuchen Sie es gleich noch einmal.',
    'media.linkInvalid':
      'Dieser Medienlink ist ungültig oder abgelaufen. Bitte öffnen Sie die Antwort erneut, um einen neuen zu erhalten.',
    'survey.mediaNotFound': 'Dieses Foto oder Video existiert nicht.',
    'survey.mediaMissing': 'Bitte fügen Sie ein Foto oder Video bei.',
    'survey.mediaFields': 'Für das Hochladen fehlen der Medientyp oder die Frage.',
    'survey.mediaWrongKind':
      'Diese Datei ist kein unterstütztes Foto (JPEG, PNG) oder Video (WebM, MP4).',
    'survey.mediaTooLarge': 'Die Datei ist zu groß. Bitte nehmen Sie ein kürzeres Video auf.',
    'survey.uploadNotFound':
      'Dieser Upload existiert nicht oder ist abgelaufen. Bitte laden Sie das Foto oder Video erneut hoch.',
    'survey.uploadOffsetMismatch':
      'Upload und Server sind sich nicht einig, wie viel angekommen ist. Bitte versuchen Sie es erneut.',
    'survey.uploadInterrupted':
      'Das Hochladen wurde unterbrochen. Es wird dort fortgesetzt, wo es aufgehört hat.',
    'survey.uploadProtocol':
      'Die Anfrage zum Hochladen wurde nicht verstanden. Bitte versuchen Sie es erneut.',
    'survey.mediaQuotaExceeded':
      'Diese Bewertung hat ihre Grenze für Fotos und Videos erreicht, daher wurde diese Datei nicht gespeichert. Ersetzte Aufnahmen werden innerhalb eines Tages gelöscht; bitte versuchen Sie es später erneut.',
  },
);

registerMessages(mediaMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof mediaMessages.en, string> {}
}
