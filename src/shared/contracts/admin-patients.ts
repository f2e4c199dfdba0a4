import { z } from 'zod';
import { singleLine } from './common';
import { assessmentStatusSchema, screenerScoreSchema } from './review';
import { mediaTypeSchema, painPointSchema, questionTypeSchema, symptomEntrySchema } from './answer';

/** Shown instead of a stored access code, which exists only as a hash: "••••-••••-••••-XXXX". */
export function maskedAccessCode(hint: string): string {
  return `••••-••••-••••-${hint}`;
}

const translationsSchema = z.array(
  z.object({ LanguageID: z.number().int(), TranslatedText: z.string() }),
);

/** GET /api/admin/responses: one page of patients, each with their access codes (assessments). */
export const adminPatientsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  /** Part of a patient's name or e-mail. */
  search: singleLine().max(200).optional(),
});
export type AdminPatientsQuery = z.infer<typeof adminPatientsQuerySchema>;

export const adminAssessmentSummarySchema = z.object({
  ID: z.number().int(),
  /** The person who checked out this assessment, as entered then: one person, one record. */
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: z.string().nullable(),
  /** The masked code; the code itself is never stored. */
  accessCode: z.string(),
  createdAt: z.string(),
  /** The review status of the assessment (in progress, submitted, in review, evaluated). */
  status: assessmentStatusSchema,
  responseCount: z.number().int(),
  /** When the patient completed the survey, and the evaluation is due (2 working days later). */
  submittedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** Due and not yet evaluated. */
  overdue: z.boolean(),
  /** When the assessment was refunded and cancelled; null while it stands. */
  cancelledAt: z.string().nullable(),
  /** TMD Pain Screener for the practice only; null when any item is unanswered. */
  screener: screenerScoreSchema.nullable(),
});
export type AdminAssessmentSummary = z.infer<typeof adminAssessmentSummarySchema>;

/**
 * The assessments bought with one e-mail address, listed together only as a hint (a family may
 * share an address): each assessment carries the person who checked it out. The group's name is
 * the latest assessment's and names nobody in particular.
 */
export const adminPatientSchema = z.object({
  ID: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  accessCodes: z.array(adminAssessmentSummarySchema),
});
export type AdminPatient = z.infer<typeof adminPatientSchema>;

export const adminPatientsPageSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Patients matching the search, over all pages. */
  total: z.number().int(),
  users: z.array(adminPatientSchema),
});
export type AdminPatientsPage = z.infer<typeof adminPatientsPageSchema>;

/** SPEC section 3 "Response (admin view)". */
export const adminAnswerSchema = z.object({
  ID: z.number().int(),
  Question: z.object({
    ID: z.number().int(),
    QuestionType: questionTypeSchema,
    QuestionText: z.string(),
    IsActive: z.boolean(),
    Translations: translationsSchema,
    Options: z.array(
      z.object({
        ID: z.number().int(),
        OptionText: z.string(),
        IsActive: z.boolean(),
        Translations: translationsSchema,
      }),
    ),
  }),
  OptionID: z.number().int().nullable(),
  AnswerText: z.string().nullable(),
  MediaType: mediaTypeSchema.nullable(),
  /** Like "media/<uuid>.jpg"; fetched through GET /api/admin/media/<MediaPath>. */
  MediaPath: z.string().nullable(),
  PainPoints: z.array(painPointSchema).nullable(),
  Symptoms: z.array(symptomEntrySchema).nullable(),
  /** The answer as its type stores it; null for a skipped question. */
  Value: z.json().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type AdminAnswer = z.infer<typeof adminAnswerSchema>;

/** GET /api/admin/assessments/:id/answers: every answer of one assessment, in survey order. */
export const adminAssessmentAnswersSchema = z.object({
  assessmentId: z.number().int(),
  responses: z.array(adminAnswerSchema),
});
export type AdminAssessmentAnswers = z.infer<typeof adminAssessmentAnswersSchema>;

export const mediaPathParamsSchema = z.object({ '*': singleLine().max(500) });

/** POST /api/admin/media-links: a photo or video the admin's browser is to load directly. */
export const mediaLinkRequestSchema = z.object({ path: singleLine().max(500) });

/** A short-lived URL for one file, loaded by <img> and <video> without the bearer token. */
export const mediaLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type MediaLink = z.infer<typeof mediaLinkSchema>;

/** GET /api/media/signed/<path>?expires=&signature=: what the link carries besides the path. */
export const signedMediaQuerySchema = z.object({
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  signature: singleLine().max(100),
});
