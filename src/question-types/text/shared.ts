import { multiLine } from '../../shared/contracts/common';
import { defineQuestionType } from '../question-type';

export const MAX_ANSWER_TEXT_LENGTH = 5000;

/** Free text; the text is always sent, even empty, and stored trimmed. */
export const textType = defineQuestionType({
  type: 'text',
  answerFields: { answerText: multiLine().max(MAX_ANSWER_TEXT_LENGTH).nullish() },
  emptyDraft: () => ({ answerText: '' }),
  draftFromAnswer: (answer) => ({ answerText: answer.answerText ?? '' }),
  isAnswered: (draft) => draft.answerText.trim() !== '',
  toSaveFields: (draft) => ({ answerText: draft.answerText }),
});
