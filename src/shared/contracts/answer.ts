import { z } from 'zod';
import {
  MEDIA_TYPES,
  PAIN_POINT_INTENSITIES,
  QUESTION_TYPES,
  SYMPTOM_FREQUENCIES,
  SYMPTOM_INTENSITIES,
  SYMPTOM_TRIGGERS,
  type QuestionType,
} from '../constants';
import { SYMPTOM_NAMES, type SymptomName } from '../symptoms';
import { singleLine } from './common';

/**
 * The question types the product knows: the built-in ones, and any a deployment (or a test)
 * registers with the question-type registries, which add their ids here.
 */
const knownTypes = new Set<string>(QUESTION_TYPES);
export const registerQuestionTypeId = (type: string): void => {
  knownTypes.add(type);
};
export const questionTypeSchema = z.custom<QuestionType>(
  (value) => typeof value === 'string' && knownTypes.has(value),
  { message: 'Unknown question type' },
);

export const mediaTypeSchema = z.enum(MEDIA_TYPES);

export const painPointSchema = z.strictObject({
  id: singleLine().min(1).max(64),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  intensity: z.enum(PAIN_POINT_INTENSITIES),
});
export type PainPoint = z.infer<typeof painPointSchema>;

export const symptomEntrySchema = z.strictObject({
  id: singleLine().min(1).max(64),
  name: z.enum(SYMPTOM_NAMES as [SymptomName, ...SymptomName[]]),
  frequency: z.enum(SYMPTOM_FREQUENCIES),
  trigger: z.enum(SYMPTOM_TRIGGERS),
  intensity: z.enum(SYMPTOM_INTENSITIES),
});
export type SymptomEntry = z.infer<typeof symptomEntrySchema>;

/**
 * An answer as the API gives it back (SPEC section 3): the fields of the built-in types, each
 * null unless the answer's type uses it, and `value`, the answer as its type stores it (null for
 * a skipped question), which is all a type added later has.
 */
export const answerContentSchema = z.object({
  answerText: z.string().nullable(),
  optionId: z.number().int().nullable(),
  mediaType: mediaTypeSchema.nullable(),
  mediaPath: z.string().nullable(),
  painPoints: z.array(painPointSchema).nullable(),
  symptoms: z.array(symptomEntrySchema).nullable(),
  value: z.json().nullable(),
});
export type AnswerFields = z.infer<typeof answerContentSchema>;

/** The SPEC fields of an answer that has none of them (a skipped question, a later type's). */
export const NO_ANSWER_FIELDS: Omit<AnswerFields, 'value'> = {
  answerText: null,
  optionId: null,
  mediaType: null,
  mediaPath: null,
  painPoints: null,
  symptoms: null,
};

/** The API fields of a stored value: the SPEC fields it has, and the value itself. */
export function answerFieldsOf(value: unknown): AnswerFields {
  const fields: Record<string, unknown> = { ...NO_ANSWER_FIELDS, value: value ?? null };
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of Object.keys(NO_ANSWER_FIELDS)) {
      const own = (value as Record<string, unknown>)[key];
      if (own !== undefined) fields[key] = own;
    }
  }
  return fields as AnswerFields;
}
