import { DELIVERY_STORY } from '../../../shared/delivery-story';
import { registerTranslations } from '../../lib/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

// How the evaluation arrives is the e-mails' sentence too: one text, never two versions.
registerTranslations('survey', {
  en: { ...en, deliveryStory: DELIVERY_STORY.en },
  de: { ...de, deliveryStory: DELIVERY_STORY.de },
});
