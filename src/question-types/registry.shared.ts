import { z } from 'zod';
import type { QuestionType } from '../shared/constants';
import { registerQuestionTypeId } from '../shared/contracts/answer';
import { idSchema } from '../shared/contracts/common';
import { multipleChoiceType } from './multiple_choice/shared';
import { painAtlasType } from './pain_atlas/shared';
import { painSymptomsType } from './pain_symptoms/shared';
import { photoType } from './photo/shared';
import type { AnswerFields, QuestionTypeShared } from './question-type';
import { textType } from './text/shared';
import { videoType } from './video/shared';

/** Every question type, by its id; adding a type is its folder plus one line here. */
export const QUESTION_TYPE_REGISTRY = {
  text: textType,
  multiple_choice: multipleChoiceType,
  photo: photoType,
  video: videoType,
  pain_atlas: painAtlasType,
  pain_symptoms: painSymptomsType,
} as const satisfies Record<QuestionType, { type: QuestionType }>;

/** Any type's shared definition, as code that holds the type only as a value reads it. */
type AnyQuestionType = QuestionTypeShared<QuestionType, z.ZodRawShape, object>;

/**
 * Types registered at run time (`registerQuestionType` in registry.server.ts): a deployment's
 * own, or a test's. The built-in ones above are typed; these are known by their id alone.
 */
const registered = new Map<string, AnyQuestionType>();

/** Adds a type to the shared registry; its id becomes a valid question type everywhere. */
export function registerSharedQuestionType(definition: { type: string }): void {
  registered.set(definition.type, definition as unknown as AnyQuestionType);
  registerQuestionTypeId(definition.type);
}

/** The shared definition of any known type. */
export function definitionOf(type: QuestionType): AnyQuestionType {
  const definition =
    (QUESTION_TYPE_REGISTRY as Record<string, unknown>)[type] ?? registered.get(type);
  if (!definition) throw new Error(`Unknown question type ${type}`);
  return definition as AnyQuestionType;
}

/** The save contract: one member per question type, told apart by `questionType`. */
export const saveAnswerSchema = z.discriminatedUnion('questionType', [
  textType.answerSchema,
  multipleChoiceType.answerSchema,
  photoType.answerSchema,
  videoType.answerSchema,
  painAtlasType.answerSchema,
  painSymptomsType.answerSchema,
]);
export type SaveAnswer = z.infer<typeof saveAnswerSchema>;

/**
 * The body of POST /api/survey/responses: the question id and every type's answer fields, all
 * optional. The client does not name the type; the server knows it from the question and reads
 * the body through that type's member of `saveAnswerSchema` (`answerForType`). This is the body
 * of the built-in types, which the browser sends; the route takes `currentSaveAnswerBodySchema`.
 */
export const saveAnswerBodySchema = z.strictObject({
  questionId: idSchema,
  ...textType.answerFields,
  ...multipleChoiceType.answerFields,
  ...photoType.answerFields,
  ...videoType.answerFields,
  ...painAtlasType.answerFields,
  ...painSymptomsType.answerFields,
});
export type SaveAnswerBody = z.infer<typeof saveAnswerBodySchema>;

/** The save body with the fields of every type known now, the registered ones included. */
export const currentSaveAnswerBodySchema = (): z.ZodType<SaveAnswerBody> =>
  saveAnswerBodySchema.extend(
    Object.assign({}, ...[...registered.values()].map((type) => type.answerFields)),
  ) as unknown as z.ZodType<SaveAnswerBody>;

/** The body read as an answer of the given type: its fields only, typed by the union member. */
export function answerForType(type: QuestionType, body: SaveAnswerBody): SaveAnswer {
  return definitionOf(type).answerSchema.parse({ ...body, questionType: type }) as SaveAnswer;
}

/** What the survey holds for one question: every type's draft fields side by side. */
export type AnswerDraft = ReturnType<(typeof textType)['emptyDraft']> &
  ReturnType<(typeof multipleChoiceType)['emptyDraft']> &
  ReturnType<(typeof photoType)['emptyDraft']> &
  ReturnType<(typeof painAtlasType)['emptyDraft']> &
  ReturnType<(typeof painSymptomsType)['emptyDraft']>;

/** The rules of one type, read for the survey's flat draft (which has every type's fields). */
interface DraftRules {
  draftFromAnswer(answer: AnswerFields): Partial<AnswerDraft>;
  isAnswered(draft: AnswerDraft): boolean;
  isUnfinished?(draft: AnswerDraft): boolean;
  toSaveFields(draft: AnswerDraft): Partial<SaveAnswerBody>;
}
const rulesOf = (type: QuestionType) => definitionOf(type) as unknown as DraftRules;

export const emptyAnswerDraft = (): AnswerDraft =>
  Object.assign({}, ...Object.values(QUESTION_TYPE_REGISTRY).map((t) => t.emptyDraft()));

/** The draft of a question's stored answer, or the empty draft when it has none. */
export const draftFromAnswer = (
  type: QuestionType,
  answer: AnswerFields | undefined,
): AnswerDraft =>
  answer ? { ...emptyAnswerDraft(), ...rulesOf(type).draftFromAnswer(answer) } : emptyAnswerDraft();

/** Whether a question of this type counts as answered with this draft. */
export const isDraftAnswered = (type: QuestionType, draft: AnswerDraft): boolean =>
  rulesOf(type).isAnswered(draft);

/** Whether the question's input holds a started entry that leaving it would lose. */
export const isDraftUnfinished = (type: QuestionType, draft: AnswerDraft): boolean =>
  rulesOf(type).isUnfinished?.(draft) ?? false;

/**
 * Whether a stored answer holds an answer by its type's rules; a skipped question is stored with
 * none. The survey and the completion check of required questions ask the same rule.
 */
export const holdsAnswer = (type: QuestionType, answer: AnswerFields | undefined): boolean =>
  answer !== undefined && isDraftAnswered(type, draftFromAnswer(type, answer));

/** The save body for a question of this type (SPEC section 5 "Answer sending"). */
export const toSaveBody = (
  questionId: number,
  type: QuestionType,
  draft: AnswerDraft,
): SaveAnswerBody => ({ questionId, ...rulesOf(type).toSaveFields(draft) });
