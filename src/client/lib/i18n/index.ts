import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { normalizeLanguage, type Language } from '../../../shared/constants';
import de from './locales/de.json';
import en from './locales/en.json';

/** The browser's language only, never a cached choice (SPEC section 1); de-AT -> de, else en. */
export function detectBrowserLanguage(): Language {
  return normalizeLanguage(typeof navigator === 'undefined' ? 'en' : navigator.language);
}

void i18n.use(initReactI18next).init({
  resources: { en: { common: en }, de: { common: de } },
  lng: detectBrowserLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'de'],
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
});

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/**
 * Feature folders bring their own texts: a lazily loaded feature registers its namespace when
 * its code arrives, so the paywall does not carry the admin area's strings.
 */
export function registerTranslations(
  namespace: string,
  bundles: { en: Record<string, unknown>; de: Record<string, unknown> },
): void {
  i18n.addResourceBundle('en', namespace, bundles.en, true, true);
  i18n.addResourceBundle('de', namespace, bundles.de, true, true);
}

export default i18n;
