import { registerTranslations } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The TMD Pain Screener chip's texts (namespace "screener"), shared by the admin and review. */
registerTranslations('screener', { en, de });
