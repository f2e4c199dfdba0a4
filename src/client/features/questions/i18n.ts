import { registerTranslations } from '../../lib/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** Texts of the questions page that the shared admin texts do not hold. */
registerTranslations('questions', { en, de });
