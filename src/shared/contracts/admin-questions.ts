import { z } from 'zod';
import { GERMAN_LANGUAGE_ID, RECORDING_SECONDS } from '../constants';
import { idSchema, multiLine, singleLine } from './common';
import { questionTypeSchema } from './answer';
import { overlayIdSchema } from './survey';

/** Server field names as SPEC section 3 "Question (admin view)" gives them. */
export const translationSchema = z.strictObject({
  LanguageID: z.literal(GERMAN_LANGUAGE_ID),
  TranslatedText: multiLine().trim().max(2000),
});

export const optionWriteSchema = z.strictObject({
  /** An existing option of this question being edited; absent for a new option. */
  ID: idSchema.optional(),
  OptionText: singleLine().min(1).max(500),
  Order: z.number().int().min(0).max(10_000),
  IsActive: z.boolean().default(true),
  Translations: z.array(translationSchema).max(1).default([]),
});

export const questionWriteBodySchema = z.strictObject({
  QuestionType: questionTypeSchema,
  QuestionText: multiLine().trim().min(1).max(2000),
  Order: z.number().int().min(0).max(10_000),
  IsActive: z.boolean().default(true),
  /** A pose guide, "none" for the camera without one, or null to pick one by the text. */
  Overlay: overlayIdSchema.nullable().default(null),
  /** Completing the assessment needs an answer to this question. */
  Required: z.boolean().default(false),
  /** The longest recording of a video question, in seconds. */
  MaxRecordingSeconds: z
    .number()
    .int()
    .min(RECORDING_SECONDS.min)
    .max(RECORDING_SECONDS.max)
    .default(RECORDING_SECONDS.default),
  Translations: z.array(translationSchema).max(1).default([]),
  Options: z.array(optionWriteSchema).max(50).default([]),
});
export type QuestionWriteBody = z.infer<typeof questionWriteBodySchema>;

export const adminOptionSchema = z.object({
  ID: z.number().int(),
  OptionText: z.string(),
  Order: z.number().int(),
  IsActive: z.boolean(),
  Translations: z.array(z.object({ LanguageID: z.number().int(), TranslatedText: z.string() })),
});

export const adminQuestionSchema = z.object({
  ID: z.number().int(),
  QuestionType: questionTypeSchema,
  QuestionText: z.string(),
  Order: z.number().int(),
  IsActive: z.boolean(),
  Overlay: overlayIdSchema.nullable(),
  Required: z.boolean(),
  MaxRecordingSeconds: z.number().int(),
  Options: z.array(adminOptionSchema),
  Translations: z.array(z.object({ LanguageID: z.number().int(), TranslatedText: z.string() })),
  /** How many answers the question has; such questions are deactivated rather than deleted. */
  ResponseCount: z.number().int(),
});
export type AdminQuestion = z.infer<typeof adminQuestionSchema>;

export const adminQuestionsSchema = z.array(adminQuestionSchema);

/** DELETE /api/admin/questions/:id: answered questions are kept (deactivated) for their answers. */
export const deleteQuestionResultSchema = z.object({
  outcome: z.enum(['deleted', 'deactivated']),
});
export type DeleteQuestionResult = z.infer<typeof deleteQuestionResultSchema>;
