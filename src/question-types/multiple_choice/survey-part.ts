import { lazy } from 'react';
import type { SurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

const load = () => import('./ChoiceInput');

/** The type in the patient's survey: its name at once, its input's code when it is needed. */
export const multipleChoiceSurvey: SurveyPart<'multiple_choice'> = {
  label: `${SURVEY_TEXTS}:label`,
  Input: lazy(load),
  load,
};
