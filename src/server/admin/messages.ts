import { defineMessages } from '../i18n/define-messages';

/** What the admin API tells administrators, in English and German. */
export const adminMessages = defineMessages(
  {
    'admin.questionNotFound': 'This question no longer exists. Please reload the list.',
    'admin.optionsRequired': 'A multiple-choice question needs at least one active option.',
    'admin.optionNotFound': 'An option of this question no longer exists. Please reload the list.',
    'admin.questionTypeLocked':
      'This question already has answers, so its type cannot be changed. Create a new question instead.',
    'admin.accessCodeNotFound': 'This assessment no longer exists.',
    'admin.mediaPathInvalid': 'This is not a valid media path.',
    'admin.mediaNotFound': 'This media file does not exist.',
    'admin.rangeNotSatisfiable': 'The requested byte range is outside the file.',
    'admin.promoCodeNotFound': 'This promo code no longer exists. Please reload the list.',
    'admin.promoCodeDuplicate':
      'A promo code "{{code}}" already exists. Please choose another code.',
    'admin.promoCodeDeletedLocked': 'Deleted promo codes cannot be edited or deleted.',
    'admin.promoCodeRedeemedLocked': 'Redeemed promo codes cannot be deleted.',
  },
  {
    'admin.questionNotFound': 'Diese Frage existiert nicht mehr. Bitte laden Sie die Liste neu.',
    'admin.optionsRequired': 'Eine Auswahlfrage braucht mindestens eine aktive Antwortmöglichkeit.',
    'admin.optionNotFound':
      'Eine Antwortmöglichkeit dieser Frage existiert nicht mehr. Bitte laden Sie die Liste neu.',
    'admin.questionTypeLocked':
      'Diese Frage wurde bereits beantwortet, daher kann ihr Typ nicht geändert werden. Legen Sie stattdessen eine neue Frage an.',
    'admin.accessCodeNotFound': 'Diese Bewertung existiert nicht mehr.',
    'admin.mediaPathInvalid': 'Dies ist kein gültiger Medienpfad.',
    'admin.mediaNotFound': 'Diese Mediendatei existiert nicht.',
    'admin.rangeNotSatisfiable': 'Der angeforderte Bytebereich liegt außerhalb der Datei.',
    'admin.promoCodeNotFound':
      'Dieser Promo-Code existiert nicht mehr. Bitte laden Sie die Liste neu.',
    'admin.promoCodeDuplicate':
      'Ein Promo-Code „{{code}}“ existiert bereits. Bitte wählen Sie einen anderen Code.',
    'admin.promoCodeDeletedLocked':
      'Gelöschte Promo-Codes können weder bearbeitet noch gelöscht werden.',
    'admin.promoCodeRedeemedLocked': 'Eingelöste Promo-Codes können nicht gelöscht werden.',
  },
);
