import { z } from 'zod';
import { idSchema, languageSchema, multiLine, singleLine } from './common';
import { assessmentStatusSchema, screenerScoreSchema } from './review';

/** Free text of an evaluation: as the dentist wrote it, line breaks kept. */
const EVALUATION_TEXT_MAX = 20_000;
const evaluationText = () => multiLine().max(EVALUATION_TEXT_MAX);

export const addendumSchema = z.object({
  text: z.string(),
  createdAt: z.string(),
  /** The dentist who added it, by display name. */
  author: z.string().nullable(),
});
export type Addendum = z.infer<typeof addendumSchema>;

/** The practice's booking link and phone, shown under an evaluation when the dentist chose to. */
export const callToActionSchema = z.object({
  bookingUrl: z.string().nullable(),
  phone: z.string().nullable(),
});

/** How the patient reaches the practice: under every evaluation and on the status page. */
export const practiceContactSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  bookingUrl: z.string().nullable(),
});
export type PracticeContact = z.infer<typeof practiceContactSchema>;

/** A sent evaluation as the patient reads it, in the patient's language. */
export const patientEvaluationSchema = z.object({
  /** The dentist who sent it, with title ("Dr. med. dent. Eva Muster"); null in a draft. */
  evaluatedBy: z.string().nullable(),
  contact: practiceContactSchema,
  conclusion: z.string(),
  findings: z.string(),
  recommendations: z.string(),
  sentAt: z.string(),
  addenda: z.array(addendumSchema),
  callToAction: callToActionSchema.nullable(),
});
export type PatientEvaluation = z.infer<typeof patientEvaluationSchema>;

/** GET /api/survey/assessment: where the patient's assessment stands. */
export const patientAssessmentSchema = z.object({
  status: assessmentStatusSchema,
  submittedAt: z.string().nullable(),
  /** The practice's calendar day the evaluation is due by (two working days after submitting). */
  dueOn: z.string().nullable(),
  evaluation: patientEvaluationSchema.nullable(),
  contact: practiceContactSchema,
});
export type PatientAssessment = z.infer<typeof patientAssessmentSchema>;

/** GET /api/admin/evaluation-conclusions: the list in the admin's language. */
export const conclusionSchema = z.object({ id: z.number().int(), text: z.string() });
export const conclusionListSchema = z.array(conclusionSchema);
export type Conclusion = z.infer<typeof conclusionSchema>;

/** The list with both languages, for editing it. */
export const editableConclusionSchema = z.object({
  id: z.number().int(),
  en: z.string(),
  de: z.string(),
});
export const editableConclusionListSchema = z.array(editableConclusionSchema);
export type EditableConclusion = z.infer<typeof editableConclusionSchema>;

export const conclusionBodySchema = z.strictObject({
  en: singleLine().min(1).max(300),
  de: singleLine().min(1).max(300),
});
export type ConclusionBody = z.infer<typeof conclusionBodySchema>;

/** PUT /api/admin/assessments/:id/evaluation: the draft, saved as the dentist types. */
export const evaluationDraftBodySchema = z.strictObject({
  conclusionId: idSchema.nullable(),
  findings: evaluationText(),
  recommendations: evaluationText(),
  /** Show the practice's booking link and phone under the evaluation. */
  callToAction: z.boolean().optional(),
});
export type EvaluationDraftBody = z.infer<typeof evaluationDraftBodySchema>;

export const addendumBodySchema = z.strictObject({
  text: evaluationText().refine((text) => text.trim().length > 0),
});

/** The evaluation as the dentist's editor shows it. */
export const adminEvaluationSchema = z.object({
  assessmentId: z.number().int(),
  status: assessmentStatusSchema,
  patientName: z.string(),
  /** The TMD pain screener's score; null when an item is unanswered. */
  screener: screenerScoreSchema.nullable(),
  /** The patient's language: the preview and the e-mail are in it. */
  patientLanguage: languageSchema,
  conclusionId: z.number().int().nullable(),
  findings: z.string(),
  recommendations: z.string(),
  callToAction: z.boolean(),
  /** Whether the practice configured a booking link or phone to offer. */
  callToActionAvailable: z.boolean(),
  updatedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentBy: z.string().nullable(),
  addenda: z.array(addendumSchema),
  /** Exactly what the patient sees (or will see once sent), in the patient's language. */
  preview: patientEvaluationSchema.omit({ sentAt: true }).extend({ sentAt: z.string().nullable() }),
  dueOn: z.string().nullable(),
});
export type AdminEvaluation = z.infer<typeof adminEvaluationSchema>;
