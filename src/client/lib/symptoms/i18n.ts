import { registerTranslations } from '../../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** Names of complaints, their groups, frequencies, triggers and intensities (namespace "symptoms"). */
registerTranslations('symptoms', { en, de });
