import { z } from 'zod';
import {
  MEDIA_TYPES,
  PAIN_POINT_INTENSITIES,
  QUESTION_TYPES,
  SYMPTOM_FREQUENCIES,
  SYMPTOM_INTENSITIES,
  SYMPTOM_TRIGGERS,
} from '../constants';
import { OVERLAY_IDS } from '../overlays';
import { SYMPTOM_NAMES, type SymptomName } from '../symptoms';
import { idParamSchema, idSchema, multiLine, singleLine } from './common';

export const questionTypeSchema = z.enum(QUESTION_TYPES);
export const overlayIdSchema = z.enum(OVERLAY_IDS);
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

export const MAX_PAIN_POINTS = 100;
export const MAX_ANSWER_TEXT_LENGTH = 5000;

/** The stored answer to one question, as the survey gets it back. */
export const answerSchema = z.object({
  answerText: z.string().nullable(),
  optionId: z.number().int().nullable(),
  mediaType: mediaTypeSchema.nullable(),
  mediaPath: z.string().nullable(),
  painPoints: z.array(painPointSchema).nullable(),
  symptoms: z.array(symptomEntrySchema).nullable(),
  updatedAt: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  questionType: questionTypeSchema,
  stepLabel: z.string(),
  overlay: overlayIdSchema,
  options: z.array(z.object({ id: z.number().int(), text: z.string() })),
  answer: answerSchema.optional(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;
export const surveyQuestionsSchema = z.array(surveyQuestionSchema);

/** POST /api/survey/responses (SPEC section 3 "Answer sent for a question"). */
export const saveResponseBodySchema = z.strictObject({
  questionId: idSchema,
  answerText: multiLine().max(MAX_ANSWER_TEXT_LENGTH).nullish(),
  optionId: idSchema.nullish(),
  mediaType: mediaTypeSchema.nullish(),
  mediaPath: singleLine().max(200).nullish(),
  painPoints: z.array(painPointSchema).max(MAX_PAIN_POINTS).nullish(),
  symptoms: z.array(symptomEntrySchema).max(SYMPTOM_NAMES.length).nullish(),
});
export type SaveResponseBody = z.infer<typeof saveResponseBodySchema>;

export const mediaUploadResultSchema = z.object({
  mediaPath: z.string(),
  filename: z.string(),
});
export type MediaUploadResult = z.infer<typeof mediaUploadResultSchema>;

/** POST /api/survey/media: the form fields sent with the file. */
export const mediaUploadFieldsSchema = z.object({
  type: mediaTypeSchema,
  questionId: idParamSchema,
});

/** POST /api/survey/completion-email: whether this call sent the mail (false: it went out before). */
export const completionResultSchema = z.object({ ok: z.literal(true), sent: z.boolean() });
export type CompletionResult = z.infer<typeof completionResultSchema>;
