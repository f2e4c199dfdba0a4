import { lazy } from 'react';
import type { SurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

const load = () => import('./SymptomsInput');

/** The type in the patient's survey: its name at once, its input's code when it is needed. */
export const painSymptomsSurvey: SurveyPart<'pain_symptoms'> = {
  label: `${SURVEY_TEXTS}:label`,
  Input: lazy(load),
  load,
};
