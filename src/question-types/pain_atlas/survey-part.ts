import { lazy } from 'react';
import type { SurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

const load = () => import('./PainAtlasInput');

/** The type in the patient's survey: its name at once, its input's code when it is needed. */
export const painAtlasSurvey: SurveyPart<'pain_atlas'> = {
  label: `${SURVEY_TEXTS}:label`,
  Input: lazy(load),
  load,
};
