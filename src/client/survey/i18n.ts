import '../lib/overlays/i18n';
import '../lib/symptoms/i18n';
import { registerTranslations } from '../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

registerTranslations('survey', { en, de });
