import { themedSurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

export const painAtlasSurvey = themedSurveyPart<'pain_atlas'>(
  `${SURVEY_TEXTS}:label`,
  () => import('./PainAtlasInput'),
);
