import type { Language } from '../../../shared/constants';

/** What a saved file is called, in the language of what it holds (issue 29). */
export const downloadNames = {
  evaluation: { en: 'evaluation.pdf', de: 'Befund.pdf' },
  export: { en: 'my-assessment-data.zip', de: 'meine-daten.zip' },
  invoice: { en: 'Invoice', de: 'Rechnung' },
  cancellation: { en: 'Cancellation', de: 'Stornorechnung' },
} satisfies Record<string, Record<Language, string>>;
