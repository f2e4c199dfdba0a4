import { registerTranslations } from '../../lib/i18n';
import de from './locales/de.json';
import en from './locales/en.json';

/** The billing part of an assessment (invoices, refund). */
registerTranslations('billing', { en, de });
