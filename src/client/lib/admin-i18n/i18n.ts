import { registerTranslations } from '../i18n';
import '../overlays/i18n';
import '../symptoms/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

registerTranslations('admin', { en, de });
