import { lazySurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

export const textSurvey = lazySurveyPart<'text'>(
  `${SURVEY_TEXTS}:label`,
  () => import('./TextInput'),
);
