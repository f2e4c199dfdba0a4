import { themedSurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

export const painSymptomsSurvey = themedSurveyPart<'pain_symptoms'>(
  `${SURVEY_TEXTS}:label`,
  () => import('./SymptomsInput'),
);
