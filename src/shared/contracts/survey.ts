import { z } from 'zod';
import { OVERLAY_IDS } from '../overlays';
import { answerContentSchema, mediaTypeSchema, questionTypeSchema } from './answer';
import { idParamSchema } from './common';

export const overlayIdSchema = z.enum(OVERLAY_IDS);
/** The stored answer to one question, as the survey gets it back. */
export const answerSchema = answerContentSchema.extend({ updatedAt: z.string() });
export type Answer = z.infer<typeof answerSchema>;

export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  questionType: questionTypeSchema,
  stepLabel: z.string(),
  overlay: overlayIdSchema,
  /** Completing the assessment needs an answer to it; other questions may be skipped. */
  required: z.boolean(),
  /** The longest recording, in seconds, for a video question; null for other types. */
  maxRecordingSeconds: z.number().int().nullable(),
  options: z.array(z.object({ id: z.number().int(), text: z.string() })),
  answer: answerSchema.optional(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;
export const surveyQuestionsSchema = z.array(surveyQuestionSchema);

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

/**
 * POST /api/survey/uploads (tus): the Upload-Metadata the survey sends. The question decides
 * whether a photo or a video is expected; the name and type are hints the server does not trust
 * (the bytes decide) and does not keep.
 */
export const resumableUploadMetadataSchema = z.object({
  questionId: idParamSchema,
  filename: z.string().max(255).optional(),
  filetype: z.string().max(255).optional(),
});

/**
 * POST /api/survey/completion-email: whether this call queued the mail (false: it was queued
 * before). While a required question has no answer it is refused with 409 and
 * `missingQuestionIds`, in survey order.
 */
export const completionResultSchema = z.object({ ok: z.literal(true), sent: z.boolean() });
export type CompletionResult = z.infer<typeof completionResultSchema>;

/** The 409 reply of POST /api/survey/completion-email while required questions are unanswered. */
export const completionRefusedSchema = z.object({
  message: z.string(),
  code: z.string(),
  missingQuestionIds: z.array(z.number().int()),
});
