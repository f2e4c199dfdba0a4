import { z } from 'zod';
import type { AnswerFields } from '../shared/contracts/answer';

export type { AnswerFields };

/**
 * What one question type defines once for the browser and the server (issue 13): the fields its
 * answer uses in the save body, the survey's draft of it and when that draft holds an answer.
 * A draft that holds none is sent as a skipped question: the question id alone.
 */
export interface QuestionTypeShared<
  T extends string,
  Fields extends z.ZodRawShape,
  Draft extends object,
> {
  type: T;
  /** The save body fields of this type's answer, with their bounds. */
  answerFields: Fields;
  /** This type's member of the save contract, a discriminated union on `questionType`. */
  answerSchema: z.ZodObject<{ questionType: z.ZodLiteral<T> } & Fields>;
  /** The survey's draft before the patient enters anything. */
  emptyDraft(): Draft;
  /** The draft of an answer the server stored. */
  draftFromAnswer(answer: AnswerFields): Draft;
  /** Whether the draft holds an answer (otherwise the question counts as skipped). */
  isAnswered(draft: Draft): boolean;
  /**
   * Whether the input holds an entry the patient started but the draft's answer does not hold
   * yet (a complaint half chosen): Next and Back wait, as leaving would lose it. None by default.
   */
  isUnfinished?(draft: Draft): boolean;
  /** The save body fields sent for a draft (SPEC section 5 "Answer sending"). */
  toSaveFields(draft: Draft): Partial<z.infer<z.ZodObject<Fields>>>;
}

/** Builds a type's definition, deriving its contract member from its fields. */
export function defineQuestionType<
  T extends string,
  Fields extends z.ZodRawShape,
  Draft extends object,
>(
  definition: Omit<QuestionTypeShared<T, Fields, Draft>, 'answerSchema'>,
): QuestionTypeShared<T, Fields, Draft> {
  return {
    ...definition,
    answerSchema: z.object({
      questionType: z.literal(definition.type),
      ...definition.answerFields,
    }) as QuestionTypeShared<T, Fields, Draft>['answerSchema'],
  };
}
