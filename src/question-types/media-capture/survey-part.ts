import { themedSurveyPart } from '../question-type.client';
import { SURVEY_TEXTS } from './survey-texts';

/** Photos and videos share one input, and so one chunk. */
const load = () => import('./MediaInput');

export const photoSurvey = themedSurveyPart<'photo'>(`${SURVEY_TEXTS}:label.photo`, load);
export const videoSurvey = themedSurveyPart<'video'>(`${SURVEY_TEXTS}:label.video`, load);
