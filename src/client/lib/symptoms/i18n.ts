import { SYMPTOM_LABELS } from '../../../shared/symptom-labels';
import { registerTranslations } from '../i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/**
 * The symptom catalogue's labels (namespace "symptoms"): groups, names, frequencies, triggers
 * and intensities come from the shared table the case report uses too; the JSON files add what
 * only the screens need.
 */
registerTranslations('symptoms', {
  en: { ...SYMPTOM_LABELS.en, ...en },
  de: { ...SYMPTOM_LABELS.de, ...de },
});
