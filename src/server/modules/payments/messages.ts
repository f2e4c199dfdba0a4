import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

/** API messages of payments. */
export const paymentMessages = defineMessages(
  {
    'payments.amountMismatch':
      'The amount does not match the current price. Please reload the page.',
    'payments.intentNotFound': 'This payment could not be found. Please start again.',
    'payments.alreadyPaid': 'This payment has already been completed.',
    'payments.consentOutdated':
      'The privacy notice has changed since you agreed to it. Please read it again and confirm your consent.',
    'payments.notPaid': 'The payment has not been completed.',
    'payments.noPaymentNeeded': 'No card payment is needed for this total.',
    'payments.notFree': 'A card payment is needed for this total.',
    'payments.detailsMissing': 'Please fill in your details before paying.',
    'payments.unavailable': 'The payment service is not reachable. Please try again in a moment.',
    'payments.cardDeclined': 'Your card was declined.',
    'payments.cardNotTestCard':
      'Test mode: use the card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline).',
    'payments.cardNumberInvalid': 'Your card number is invalid.',
    'payments.cardExpiryInvalid': "Your card's expiration date is incomplete.",
    'payments.cardExpired': "Your card's expiration year is in the past.",
    'payments.cardCvcInvalid': "Your card's security code is incomplete.",
    'payments.webhookSignature': 'The webhook signature is invalid.',
    'payments.webhookNotConfigured': 'Webhooks are not configured.',
    'payments.useAccessCode':
      'Your payment is complete. Please sign in with the access code we have sent you by e-mail.',
    'payments.intentCanceled':
      'This payment was cancelled, so it can no longer be paid. Please start the checkout again.',
    'payments.clientSecretMismatch':
      'This payment could not be confirmed from this browser. Please sign in with the access code we have sent you by e-mail.',
    'payments.termsOutdated':
      'The terms or the withdrawal information have changed since you agreed to them. Please reload the page, read them again and confirm.',
    'payments.assessmentNotFound': 'This assessment does not exist.',
    'payments.nothingToRefund':
      'This assessment has no card payment to refund (it was free, bought with a promo code, or paid through another provider).',
    'payments.alreadyRefunded': 'This assessment has already been refunded.',
    'payments.refundFailed':
      'The payment provider did not accept the refund. Nothing was changed; please try again later or refund in the provider’s dashboard.',
  },
  {
    'payments.amountMismatch':
      'Der Betrag entspricht nicht dem aktuellen Preis. Bitte laden Sie die Seite neu.',
    'payments.intentNotFound': 'Diese Zahlung wurde nicht gefunden. Bitte beginnen Sie erneut.',
    'payments.alreadyPaid': 'Diese Zahlung ist bereits abgeschlossen.',
    'payments.consentOutdated':
      'Die Datenschutzhinweise haben sich geändert, seit Sie zugestimmt haben. Bitte lesen Sie sie erneut und bestätigen Sie Ihre Einwilligung.',
    'payments.notPaid': 'Die Zahlung wurde nicht abgeschlossen.',
    'payments.noPaymentNeeded': 'Für diesen Betrag ist keine Kartenzahlung nötig.',
    'payments.notFree': 'Für diesen Betrag ist eine Kartenzahlung nötig.',
    'payments.detailsMissing': 'Bitte geben Sie vor der Zahlung Ihre Daten ein.',
    'payments.unavailable':
      'Der Zahlungsdienst ist nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    'payments.cardDeclined': 'Ihre Karte wurde abgelehnt.',
    'payments.cardNotTestCard':
      'Testmodus: Verwenden Sie die Karte 4242 4242 4242 4242 (oder 4000 0000 0000 0002 für eine Ablehnung).',
    'payments.cardNumberInvalid': 'Ihre Kartennummer ist ungültig.',
    'payments.cardExpiryInvalid': 'Das Ablaufdatum Ihrer Karte ist unvollständig.',
    'payments.cardExpired': 'Das Ablaufjahr Ihrer Karte liegt in der Vergangenheit.',
    'payments.cardCvcInvalid': 'Der Sicherheitscode Ihrer Karte ist unvollständig.',
    'payments.webhookSignature': 'Die Webhook-Signatur ist ungültig.',
    'payments.webhookNotConfigured': 'Webhooks sind nicht eingerichtet.',
    'payments.useAccessCode':
      'Ihre Zahlung ist abgeschlossen. Bitte melden Sie sich mit dem Zugangscode an, den wir Ihnen per E-Mail gesendet haben.',
    'payments.intentCanceled':
      'Diese Zahlung wurde storniert und kann nicht mehr bezahlt werden. Bitte beginnen Sie den Bezahlvorgang erneut.',
    'payments.clientSecretMismatch':
      'Diese Zahlung konnte in diesem Browser nicht bestätigt werden. Bitte melden Sie sich mit dem Zugangscode an, den wir Ihnen per E-Mail gesendet haben.',
    'payments.termsOutdated':
      'Die AGB oder die Widerrufsbelehrung haben sich geändert, seit Sie zugestimmt haben. Bitte laden Sie die Seite neu, lesen Sie sie erneut und bestätigen Sie.',
    'payments.assessmentNotFound': 'Diese Bewertung gibt es nicht.',
    'payments.nothingToRefund':
      'Für diese Bewertung gibt es keine Kartenzahlung zu erstatten (sie war kostenlos, mit einem Gutscheincode oder über einen anderen Anbieter bezahlt).',
    'payments.alreadyRefunded': 'Diese Bewertung wurde bereits erstattet.',
    'payments.refundFailed':
      'Der Zahlungsanbieter hat die Erstattung nicht angenommen. Es wurde nichts geändert; bitte versuchen Sie es später erneut oder erstatten Sie im Dashboard des Anbieters.',
  },
);

registerMessages(paymentMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof paymentMessages.en, string> {}
}
