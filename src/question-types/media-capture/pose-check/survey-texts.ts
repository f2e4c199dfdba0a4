import { registerTypeTexts } from '../../texts';
import de from './locales/survey/de.json';
import en from './locales/survey/en.json';

/** What the capture assistant tells the patient, registered on import. */
export const POSE_CHECK_TEXTS = registerTypeTexts('pose-check', 'survey', { en, de });
