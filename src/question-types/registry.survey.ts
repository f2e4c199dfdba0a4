import type { ComponentType } from 'react';
import type { QuestionType } from '../shared/constants';
import type { SurveyQuestion } from '../shared/contracts/survey';
import { photoSurvey, videoSurvey } from './media-capture/survey-part';
import { multipleChoiceSurvey } from './multiple_choice/survey-part';
import { painAtlasSurvey } from './pain_atlas/survey-part';
import { painSymptomsSurvey } from './pain_symptoms/survey-part';
import type { SurveyPart } from './question-type.client';
import type { AnswerDraft } from './registry.shared';
import { textSurvey } from './text/survey-part';

/**
 * Every type's half in the patient's survey, by its id; adding a type is its folder plus one
 * line here (and in registry.shared.ts and registry.admin.ts).
 */
export const SURVEY_PARTS: { [T in QuestionType]: SurveyPart<T> } = {
  text: textSurvey,
  multiple_choice: multipleChoiceSurvey,
  photo: photoSurvey,
  video: videoSurvey,
  pain_atlas: painAtlasSurvey,
  pain_symptoms: painSymptomsSurvey,
};

/** What the survey hands any question's input: its draft holds every type's fields. */
export interface QuestionInputProps {
  question: SurveyQuestion;
  draft: AnswerDraft;
  onChange(patch: Partial<AnswerDraft>): void;
  onBusyChange(busy: boolean): void;
  labelledBy: string;
}

/**
 * The survey half of a question's type. The question's own type picks the part, which TypeScript
 * cannot follow through a lookup by a union, hence the one cast.
 */
export const surveyPartOf = (type: QuestionType) =>
  SURVEY_PARTS[type] as unknown as {
    label: string;
    Input: ComponentType<QuestionInputProps>;
    load(): Promise<unknown>;
  };
