import type { Language } from './constants';

/**
 * What the patient is told about how and when the evaluation arrives, in one place for every
 * e-mail, the completion screen and the status page, so they never contradict each other. It
 * says what the product does: the dentist writes the evaluation within about 2 working days, an
 * e-mail says it is ready (without it: no health data in e-mails), and the patient reads it
 * after signing in with the access code, with a PDF to download.
 */
export const DELIVERY_STORY: Record<Language, string> = {
  en: 'Within about 2 working days, a consulting dentist writes your specialist evaluation. When it is ready, we will let you know by e-mail; for your privacy the evaluation itself is not in the e-mail. Sign in with your access code to read it and download it as a PDF.',
  de: 'In etwa 2 Werktagen schreibt eine beratende Zahnärztin oder ein beratender Zahnarzt Ihre fachliche Auswertung. Sobald sie vorliegt, benachrichtigen wir Sie per E-Mail; zum Schutz Ihrer Daten steht die Auswertung selbst nicht in der E-Mail. Melden Sie sich mit Ihrem Zugangscode an, um sie zu lesen und als PDF herunterzuladen.',
};
