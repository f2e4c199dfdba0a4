import { registerTranslations } from '../../lib/i18n';
import de from './locales/payment/de.json';
import en from './locales/payment/en.json';

// Texts of the payment step travel with its lazily loaded code, into the same namespace.
registerTranslations('paywall', { en, de });
