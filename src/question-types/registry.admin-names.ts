import type { QuestionType } from '../shared/constants';
import { ADMIN_TEXTS as mediaTexts } from './media-capture/admin-texts';
import { ADMIN_TEXTS as choiceTexts } from './multiple_choice/admin-texts';
import { ADMIN_TEXTS as painAtlasTexts } from './pain_atlas/admin-texts';
import { ADMIN_TEXTS as painSymptomsTexts } from './pain_symptoms/admin-texts';
import { ADMIN_TEXTS as textTexts } from './text/admin-texts';

/**
 * Every type's name in the admin area, as an i18n key ("namespace:key") from its folder's
 * texts. Kept apart from registry.admin.tsx so the questions page, which lists the names,
 * does not load every answer view (that cost the admin chunks 0.8 KB and the paywall's
 * preload list a chunk).
 */
export const ADMIN_TYPE_NAMES: Record<QuestionType, string> = {
  text: `${textTexts}:label`,
  multiple_choice: `${choiceTexts}:label`,
  photo: `${mediaTexts}:label.photo`,
  video: `${mediaTexts}:label.video`,
  pain_atlas: `${painAtlasTexts}:label`,
  pain_symptoms: `${painSymptomsTexts}:label`,
};
