import { registerTypeTexts } from '../texts';
import de from './locales/admin/de.json';
import en from './locales/admin/en.json';

/** The namespace of what this folder shows in the admin area, registered on import. */
export const ADMIN_TEXTS = registerTypeTexts('text', 'admin', { en, de });
