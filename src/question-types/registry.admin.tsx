import type { ComponentType } from 'react';
import type { QuestionType } from '../shared/constants';
import { MediaAnswer } from './media-capture/MediaAnswer';
import { ChoiceAnswer } from './multiple_choice/ChoiceAnswer';
import { PainAtlasAnswer } from './pain_atlas/PainAtlasAnswer';
import { SymptomsAnswer } from './pain_symptoms/SymptomsAnswer';
import type { AnswerViewProps } from './question-type.client';
import { TextAnswer } from './text/TextAnswer';

/**
 * How each type's answers read in the admin area, by its id. Adding a type is its folder plus
 * one line here (and in registry.shared.ts, registry.survey.ts and registry.admin-names.ts).
 */
export const ANSWER_VIEWS: Record<QuestionType, ComponentType<AnswerViewProps>> = {
  text: TextAnswer,
  multiple_choice: ChoiceAnswer,
  photo: MediaAnswer,
  video: MediaAnswer,
  pain_atlas: PainAtlasAnswer,
  pain_symptoms: SymptomsAnswer,
};

/** A stored answer, shown as its question's type shows it. */
export function AnswerView(props: AnswerViewProps) {
  const View = ANSWER_VIEWS[props.response.Question.QuestionType];
  return <View {...props} />;
}
