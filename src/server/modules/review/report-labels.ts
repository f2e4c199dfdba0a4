import type { Language } from '../../../shared/constants';

/** Texts of the case report, in the reading admin's language. */
const en = {
  title: 'CMD risk assessment: case report',
  assessment: 'Assessment',
  accessCode: 'Access code',
  status: 'Status',
  submitted: 'Submitted',
  due: 'Evaluation due',
  evaluated: 'Evaluation e-mailed on',
  patient: 'Patient',
  name: 'Name',
  dateOfBirth: 'Date of birth',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  state: 'State',
  screener: 'TMD Pain Screener (DC/TMD)',
  screenerScore: 'Score {{score}} of {{max}}',
  screenerPositive: 'reaches the cut-off of {{cutoff}} or more',
  screenerNegative: 'below the cut-off of {{cutoff}}',
  screenerMissing: 'Not scored: not every screener item was answered.',
  screenerNote: 'A screening aid for the practice, not a diagnosis. Not shown to the patient.',
  answers: 'Answers',
  noAnswer: 'No answer',
  noSelection: 'No selection',
  photoMissing: 'Photo not available',
  videoRecorded: 'Video recorded: watch it in the responses view.',
  videoMissing: 'Video not available: it could not be read from storage.',
  painPoints: '{{count}} pain point(s) marked',
  symptomsRecorded: '{{count}} complaint(s) recorded',
  front: 'Front',
  side: 'Side',
  generated: 'Generated {{date}}',
  page: 'Page {{page}} of {{pages}}',
  statuses: {
    in_progress: 'In progress',
    submitted: 'Submitted',
    in_review: 'In review',
    evaluated: 'Evaluated',
  },
  intensities: { light: 'light', medium: 'medium', strong: 'strong' },
};

export type ReportLabels = typeof en;

const de: ReportLabels = {
  title: 'CMD-Risikobewertung: Fallbericht',
  assessment: 'Bewertung',
  accessCode: 'Zugangscode',
  status: 'Status',
  submitted: 'Abgeschlossen',
  due: 'Auswertung fällig',
  evaluated: 'Auswertung versandt am',
  patient: 'Patient/in',
  name: 'Name',
  dateOfBirth: 'Geburtsdatum',
  email: 'E-Mail',
  phone: 'Telefon',
  address: 'Adresse',
  state: 'Bundesland',
  screener: 'TMD-Schmerz-Screener (DC/TMD)',
  screenerScore: 'Punktzahl {{score}} von {{max}}',
  screenerPositive: 'erreicht den Grenzwert von {{cutoff}} oder mehr',
  screenerNegative: 'unter dem Grenzwert von {{cutoff}}',
  screenerMissing: 'Nicht ausgewertet: Nicht alle Screener-Fragen wurden beantwortet.',
  screenerNote:
    'Eine Screening-Hilfe für die Praxis, keine Diagnose. Wird Patienten nicht angezeigt.',
  answers: 'Antworten',
  noAnswer: 'Keine Antwort',
  noSelection: 'Keine Auswahl',
  photoMissing: 'Foto nicht verfügbar',
  videoRecorded: 'Video aufgenommen: in der Antwortansicht abspielbar.',
  videoMissing: 'Video nicht verfügbar: Es konnte nicht aus dem Speicher gelesen werden.',
  painPoints: '{{count}} Schmerzpunkt(e) markiert',
  symptomsRecorded: '{{count}} Beschwerde(n) erfasst',
  front: 'Vorderseite',
  side: 'Seite',
  generated: 'Erstellt am {{date}}',
  page: 'Seite {{page}} von {{pages}}',
  statuses: {
    in_progress: 'In Bearbeitung',
    submitted: 'Abgeschlossen',
    in_review: 'In Prüfung',
    evaluated: 'Ausgewertet',
  },
  intensities: { light: 'leicht', medium: 'mittel', strong: 'stark' },
};

export const reportLabels: Record<Language, ReportLabels> = { en, de };

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
