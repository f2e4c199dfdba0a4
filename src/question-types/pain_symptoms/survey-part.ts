import { lazySurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

export const painSymptomsSurvey = lazySurveyPart<'pain_symptoms'>(
  `${SURVEY_TEXTS}:label`,
  () => import('./SymptomsInput'),
);
