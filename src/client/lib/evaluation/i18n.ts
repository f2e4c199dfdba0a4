import { registerTranslations } from '../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

registerTranslations('evaluationView', { en, de });
