import { GERMAN_LANGUAGE_ID, normalizeLanguage } from '../../shared/constants';
import { practiceTimeZone } from './practice-zone';

/** Cents shown in euros with two decimals, in the page's language (SPEC section 9). */
export function formatEuros(cents: number, language: string): string {
  return new Intl.NumberFormat(normalizeLanguage(language) === 'de' ? 'de-DE' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

const locale = (language: string) => (normalizeLanguage(language) === 'de' ? 'de-DE' : 'en-GB');

/** Dates and times are the practice's: its zone, whatever the reader's browser says. */
export function formatDate(iso: string, language: string): string {
  // A calendar day (a due date, already the practice's) is that day wherever it is read.
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeZone: day ? 'UTC' : practiceTimeZone(),
  }).format(new Date(iso));
}

/** A moment to the minute, or to the second where the order of events matters (audit log). */
export function formatDateTime(
  iso: string,
  language: string,
  precision: 'minutes' | 'seconds' = 'minutes',
): string {
  return new Intl.DateTimeFormat(locale(language), {
    dateStyle: 'medium',
    timeStyle: precision === 'seconds' ? 'medium' : 'short',
    timeZone: practiceTimeZone(),
  }).format(new Date(iso));
}

/** The text in the page's language: the German translation when there is one, else English. */
export function localized(
  base: string,
  translations: readonly { LanguageID: number; TranslatedText: string }[],
  language: string,
): string {
  if (normalizeLanguage(language) !== 'de') return base;
  return translations.find((t) => t.LanguageID === GERMAN_LANGUAGE_ID)?.TranslatedText || base;
}
