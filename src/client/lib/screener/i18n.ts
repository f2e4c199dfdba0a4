import { registerTranslations } from '../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** Texts of the review status and screener chips (namespace "screener"), shared by admin and review. */
registerTranslations('screener', { en, de });
