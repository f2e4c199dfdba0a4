import { lazy } from 'react';
import type { SurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

const load = () => import('./MediaInput');
/** One input, and so one chunk, for photos and videos. */
const Input = lazy(load);

/** Photos and videos in the patient's survey: their names at once, the camera when needed. */
export const photoSurvey: SurveyPart<'photo'> = {
  label: `${SURVEY_TEXTS}:label.photo`,
  Input,
  load,
};

export const videoSurvey: SurveyPart<'video'> = {
  label: `${SURVEY_TEXTS}:label.video`,
  Input,
  load,
};
