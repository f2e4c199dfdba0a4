import type { Language } from '../../../shared/constants';

/**
 * The terms and the withdrawal information shipped with the product, for a practice that sells
 * the assessment to consumers. An operator replaces them by placing terms.en.md, terms.de.md,
 * withdrawal.en.md and withdrawal.de.md in the data directory (after legal review).
 */
export const DEFAULT_TERMS: Record<Language, string> = {
  en: `# Terms and conditions

## Scope
These terms apply to the online CMD risk assessment offered by the dental practice named in the imprint ("the practice") to you as a patient.

## The service
You answer an online questionnaire about your jaw, face and head (text, choices, photos, videos, a pain map and symptoms). A dentist of the practice reviews your answers and sends you a written evaluation of your risk of craniomandibular dysfunction (CMD), usually within about 2 working days after you complete the questionnaire.
The assessment is a screening, not a diagnosis, and does not replace an examination. In acute pain or an emergency, see a doctor or call 112 (emergency) or 116117 (out-of-hours medical service).

## Contract and access
The contract is made when your payment is confirmed. You then receive an access code by e-mail; keep it secret, as anyone holding it can open your assessment.

## Price and payment
The price is shown at checkout (99 EUR, less any promo code) and is paid by card through the payment provider. You receive an invoice that you can download after signing in.

## Immediate start and right of withdrawal
As a consumer you have a right of withdrawal (see the withdrawal information). At checkout you ask the practice to start the service at once; your right of withdrawal ends when the service has been fully performed.

## Refunds
If the practice cannot perform the service, it refunds the full price and cancels the assessment.

## Your part
Answer truthfully and completely; the evaluation can only be as good as your answers.

## Liability
The practice is liable without limitation for intent and gross negligence and for injury to life, body or health; otherwise according to the statutory provisions.

## Data protection
How your data is processed is described in the privacy notice.

## Final provisions
German law applies; mandatory consumer protection rules of the country where you live remain unaffected.`,
  de: `# Allgemeine Geschäftsbedingungen

## Geltungsbereich
Diese Bedingungen gelten für die Online-CMD-Risikobewertung, die die im Impressum genannte Zahnarztpraxis („die Praxis“) Ihnen als Patientin oder Patient anbietet.

## Die Leistung
Sie beantworten einen Online-Fragebogen zu Kiefer, Gesicht und Kopf (Text, Auswahl, Fotos, Videos, Schmerzkarte und Beschwerden). Eine Zahnärztin oder ein Zahnarzt der Praxis prüft Ihre Angaben und sendet Ihnen eine schriftliche Auswertung Ihres Risikos einer craniomandibulären Dysfunktion (CMD), in der Regel etwa 2 Werktage nach Abschluss des Fragebogens.
Die Bewertung ist eine Früherkennung, keine Diagnose, und ersetzt keine Untersuchung. Bei akuten Schmerzen oder im Notfall wenden Sie sich an eine Ärztin oder einen Arzt oder rufen Sie 112 (Notruf) bzw. 116117 (ärztlicher Bereitschaftsdienst) an.

## Vertrag und Zugang
Der Vertrag kommt zustande, wenn Ihre Zahlung bestätigt ist. Sie erhalten dann einen Zugangscode per E-Mail; halten Sie ihn geheim, denn wer ihn hat, kann Ihre Bewertung öffnen.

## Preis und Zahlung
Der Preis wird beim Kauf angezeigt (99 EUR, abzüglich eines Gutscheincodes) und per Karte über den Zahlungsanbieter bezahlt. Sie erhalten eine Rechnung, die Sie nach der Anmeldung herunterladen können.

## Sofortiger Beginn und Widerrufsrecht
Als Verbraucherin oder Verbraucher haben Sie ein Widerrufsrecht (siehe Widerrufsbelehrung). Beim Kauf verlangen Sie, dass die Praxis sofort mit der Leistung beginnt; Ihr Widerrufsrecht erlischt, wenn die Leistung vollständig erbracht ist.

## Erstattung
Kann die Praxis die Leistung nicht erbringen, erstattet sie den vollen Preis und storniert die Bewertung.

## Ihre Mitwirkung
Antworten Sie wahrheitsgemäß und vollständig; die Auswertung kann nur so gut sein wie Ihre Angaben.

## Haftung
Die Praxis haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit; im Übrigen nach den gesetzlichen Vorschriften.

## Datenschutz
Wie Ihre Daten verarbeitet werden, beschreiben die Datenschutzhinweise.

## Schlussbestimmungen
Es gilt deutsches Recht; zwingende Verbraucherschutzvorschriften des Staates, in dem Sie wohnen, bleiben unberührt.`,
};

/**
 * The statutory model withdrawal information for services (Art. 246a § 1 Abs. 2 EGBGB); the
 * practice's address goes where the model asks for it ({{practice}}, see fillPractice).
 */
export const DEFAULT_WITHDRAWAL: Record<Language, string> = {
  en: `# Withdrawal information

## The practice
{{practice}}

## Right of withdrawal
You have the right to withdraw from this contract within fourteen days without giving any reason. The withdrawal period is fourteen days from the day the contract is concluded.
To exercise your right of withdrawal, you must inform the practice of your decision to withdraw from this contract by an unequivocal statement (for example a letter sent by post or an e-mail). You may use the model withdrawal form below, but it is not obligatory. To meet the withdrawal deadline, it is sufficient that you send your communication before the withdrawal period has expired.

## Effects of withdrawal
If you withdraw from this contract, the practice reimburses all payments received from you without undue delay and at the latest within fourteen days from the day it is informed of your withdrawal, using the same means of payment you used, at no cost to you.
If you requested the service to begin during the withdrawal period, you pay an amount proportionate to what has been provided until you informed the practice of your withdrawal, compared with the full service.

## Early end of the right of withdrawal
The right of withdrawal ends when the practice has fully performed the service, if it began performing only after you gave your express consent and at the same time confirmed that you know you lose your right of withdrawal once the contract has been fully performed (§ 356 (4) German Civil Code).

## Model withdrawal form
- To: {{practiceLine}}
- I hereby withdraw from my contract for the CMD risk assessment.
- Ordered on:
- Name:
- Address:
- Date, and signature if on paper`,
  de: `# Widerrufsbelehrung

## Die Praxis
{{practice}}

## Widerrufsrecht
Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.
Um Ihr Widerrufsrecht auszuüben, müssen Sie die Praxis mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das unten stehende Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist. Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.

## Folgen des Widerrufs
Wenn Sie diesen Vertrag widerrufen, zahlt die Praxis Ihnen alle Zahlungen, die sie von Ihnen erhalten hat, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurück, an dem die Mitteilung über Ihren Widerruf bei ihr eingegangen ist; dafür verwendet sie dasselbe Zahlungsmittel, das Sie eingesetzt haben, und berechnet Ihnen keine Entgelte.
Haben Sie verlangt, dass die Dienstleistung während der Widerrufsfrist beginnen soll, so haben Sie einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu Ihrer Mitteilung über den Widerruf bereits erbrachten Leistung im Vergleich zum Gesamtumfang der vereinbarten Leistung entspricht.

## Vorzeitiges Erlöschen des Widerrufsrechts
Das Widerrufsrecht erlischt, wenn die Praxis die Dienstleistung vollständig erbracht hat und mit der Ausführung erst begonnen hat, nachdem Sie dazu Ihre ausdrückliche Zustimmung gegeben und gleichzeitig Ihre Kenntnis davon bestätigt haben, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung verlieren (§ 356 Abs. 4 BGB).

## Muster-Widerrufsformular
- An: {{practiceLine}}
- Hiermit widerrufe ich den von mir abgeschlossenen Vertrag über die CMD-Risikobewertung.
- Bestellt am:
- Name:
- Anschrift:
- Datum, bei Mitteilung auf Papier Unterschrift`,
};
