import { registerTranslations } from '../../lib/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

registerTranslations('adminProfile', { en, de });
