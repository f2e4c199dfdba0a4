import { idSchema } from '../../shared/contracts/common';
import { defineQuestionType } from '../question-type';

/** One of the question's active options; the server checks it belongs to the question. */
export const multipleChoiceType = defineQuestionType({
  type: 'multiple_choice',
  answerFields: { optionId: idSchema.nullish() },
  emptyDraft: () => ({ optionId: null as number | null }),
  draftFromAnswer: (answer) => ({ optionId: answer.optionId }),
  isAnswered: (draft) => draft.optionId !== null && draft.optionId > 0,
  toSaveFields: (draft) =>
    draft.optionId !== null && draft.optionId > 0 ? { optionId: draft.optionId } : {},
});
