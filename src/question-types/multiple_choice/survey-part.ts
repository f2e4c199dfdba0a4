import { lazySurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

export const multipleChoiceSurvey = lazySurveyPart<'multiple_choice'>(
  `${SURVEY_TEXTS}:label`,
  () => import('./ChoiceInput'),
);
