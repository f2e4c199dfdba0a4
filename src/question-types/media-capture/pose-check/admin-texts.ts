import { registerTypeTexts } from '../../texts';
import de from './locales/admin/de.json';
import en from './locales/admin/en.json';

/** The capture check's badge in the admin's answer view, registered on import. */
export const POSE_CHECK_ADMIN_TEXTS = registerTypeTexts('pose-check', 'admin', { en, de });
