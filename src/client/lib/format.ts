import { GERMAN_LANGUAGE_ID, normalizeLanguage } from '../../shared/constants';

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

export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'medium' }).format(new Date(iso));
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
