import { registerTranslations } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The symptom catalogue's labels (namespace "symptoms"): groups, names, frequencies, ... */
registerTranslations('symptoms', { en, de });
