import type { Language } from '../../../shared/constants';

/** The evaluation PDF's own words; the dentist's text is printed as written. */
export const evaluationLabels = {
  en: {
    title: "Dentist's evaluation",
    patient: 'Patient',
    dateOfBirth: 'Date of birth',
    assessment: 'Assessment',
    sent: 'Sent on',
    conclusion: 'Conclusion',
    findings: 'Findings',
    recommendations: 'Recommendations',
    addenda: 'Addenda',
    addendumOf: 'Addendum of {{date}}',
    nextStep: 'Next step',
    book: 'Book an examination: {{url}}',
    call: 'Call us: {{phone}}',
    phone: 'Phone',
    disclaimer:
      'A screening questionnaire reviewed by a dentist, not a diagnosis. In acute pain or an emergency see a doctor or call 112 / 116117.',
    page: 'Page {{page}} of {{pages}}',
  },
  de: {
    title: 'Zahnärztliche Auswertung',
    patient: 'Patientin/Patient',
    dateOfBirth: 'Geburtsdatum',
    assessment: 'Bewertung',
    sent: 'Versandt am',
    conclusion: 'Schlussfolgerung',
    findings: 'Befunde',
    recommendations: 'Empfehlungen',
    addenda: 'Nachträge',
    addendumOf: 'Nachtrag vom {{date}}',
    nextStep: 'Nächster Schritt',
    book: 'Untersuchungstermin buchen: {{url}}',
    call: 'Rufen Sie uns an: {{phone}}',
    phone: 'Telefon',
    disclaimer:
      'Ein von einer Zahnärztin oder einem Zahnarzt ausgewerteter Screening-Fragebogen, keine Diagnose. Bei akuten Schmerzen oder im Notfall wenden Sie sich an eine Ärztin oder einen Arzt oder rufen Sie 112 / 116117 an.',
    page: 'Seite {{page}} von {{pages}}',
  },
} satisfies Record<Language, Record<string, string>>;
