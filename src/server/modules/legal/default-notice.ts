import type { Language } from '../../../shared/constants';

/**
 * The privacy notice shipped with the product. An operator replaces it by placing
 * privacy-notice.en.md and privacy-notice.de.md in the data directory; the version shown and
 * stored with each consent changes with the text.
 */
export const DEFAULT_PRIVACY_NOTICE: Record<Language, string> = {
  en: `# Privacy notice

## Who is responsible
The dental practice offering this assessment is responsible for your data (the controller under the GDPR):

{{practice}}

## What we process and why
- Your contact details (name, date of birth, address, e-mail, phone) to identify you, send you your access code and your evaluation.
- Your answers, photos, videos, pain map and list of complaints. These are health data (Art. 9 GDPR). We process them only with your explicit consent (Art. 9(2)(a) GDPR), solely to assess your risk of craniomandibular dysfunction.
- While you take a photo or video, the camera picture is analysed in your browser only, to check your pose (a face model that runs on your device). No picture and no face landmark leaves your device except the photo or video you take and the check's numbers stored with it (whether the pose was confirmed, head angles, mouth opening, face size).
- Your payment is handled by the card payment provider; we do not see or store your card number.

## Who sees your data
Only the consulting dentist and the practice's authorised staff. Every time staff read or export your answers, this is recorded. Your data is not sold or used for advertising.

## How it is protected
Connections are encrypted; photos and videos are stored encrypted; staff sign in with a second factor.

## How long we keep it
Until the evaluation is completed and for as long as the practice's record-keeping duties require; the practice may set a shorter retention period, after which your assessment is erased automatically.

## Your rights
You may download everything stored about your assessment at any time from the assessment ("My data"): your details as entered at checkout, your answers, photos and videos. Each assessment is downloaded from its own sign-in; if you bought several with the same e-mail address, sign in with each access code, or ask the practice. You may ask for correction or erasure, restrict processing, object, and withdraw your consent at any time with effect for the future, by writing to the practice. You may complain to a data protection supervisory authority.`,
  de: `# Datenschutzhinweise

## Verantwortlich
Verantwortlich für Ihre Daten ist die Zahnarztpraxis, die diese Bewertung anbietet (Verantwortliche im Sinne der DSGVO):

{{practice}}

## Was wir verarbeiten und warum
- Ihre Kontaktdaten (Name, Geburtsdatum, Adresse, E-Mail, Telefon), um Sie zu identifizieren und Ihnen Zugangscode und Auswertung zu senden.
- Ihre Antworten, Fotos, Videos, Schmerzkarte und Beschwerdeliste. Dies sind Gesundheitsdaten (Art. 9 DSGVO). Wir verarbeiten sie nur mit Ihrer ausdrücklichen Einwilligung (Art. 9 Abs. 2 lit. a DSGVO) und ausschließlich, um Ihr Risiko einer craniomandibulären Dysfunktion einzuschätzen.
- Während Sie ein Foto oder Video aufnehmen, wird das Kamerabild nur in Ihrem Browser ausgewertet, um Ihre Haltung zu prüfen (ein Gesichtsmodell, das auf Ihrem Gerät läuft). Kein Bild und keine Gesichtsmerkmale verlassen Ihr Gerät, außer dem Foto oder Video, das Sie aufnehmen, und den dazu gespeicherten Zahlen der Prüfung (ob die Haltung bestätigt wurde, Kopfwinkel, Mundöffnung, Gesichtsgröße).
- Ihre Zahlung wickelt der Kartenzahlungsanbieter ab; Ihre Kartennummer sehen und speichern wir nicht.

## Wer Ihre Daten sieht
Nur die beratende Zahnärztin bzw. der beratende Zahnarzt und berechtigte Mitarbeitende der Praxis. Jedes Lesen oder Exportieren Ihrer Antworten wird protokolliert. Ihre Daten werden weder verkauft noch für Werbung genutzt.

## Wie sie geschützt sind
Verbindungen sind verschlüsselt; Fotos und Videos werden verschlüsselt gespeichert; Mitarbeitende melden sich mit einem zweiten Faktor an.

## Wie lange wir sie speichern
Bis die Auswertung abgeschlossen ist und solange die Aufbewahrungspflichten der Praxis es verlangen; die Praxis kann eine kürzere Frist festlegen, nach der Ihre Bewertung automatisch gelöscht wird.

## Ihre Rechte
Sie können jederzeit alles, was zu Ihrer Bewertung gespeichert ist, in der Bewertung herunterladen („Meine Daten“): Ihre Angaben aus dem Bezahlvorgang, Ihre Antworten, Fotos und Videos. Jede Bewertung wird mit ihrer eigenen Anmeldung heruntergeladen; haben Sie mehrere mit derselben E-Mail-Adresse gekauft, melden Sie sich mit jedem Zugangscode an oder wenden Sie sich an die Praxis. Sie können Berichtigung oder Löschung verlangen, die Verarbeitung einschränken, widersprechen und Ihre Einwilligung jederzeit mit Wirkung für die Zukunft widerrufen, indem Sie der Praxis schreiben. Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren.`,
};
