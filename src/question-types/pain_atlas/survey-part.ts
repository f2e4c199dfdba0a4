import { lazySurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

export const painAtlasSurvey = lazySurveyPart<'pain_atlas'>(
  `${SURVEY_TEXTS}:label`,
  () => import('./PainAtlasInput'),
);
