import { registerTypeTexts } from '../texts';
import de from './locales/survey/de.json';
import en from './locales/survey/en.json';

/** The namespace of what this folder shows in the patient's survey, registered on import. */
export const SURVEY_TEXTS = registerTypeTexts('text', 'survey', { en, de });
