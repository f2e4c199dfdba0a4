import { z } from 'zod';
import { ASSESSMENT_STATUSES } from '../constants';

export const assessmentStatusSchema = z.enum(ASSESSMENT_STATUSES);

export const screenerScoreSchema = z.object({
  instrument: z.string(),
  score: z.number().int(),
  maxScore: z.number().int(),
  cutoff: z.number().int(),
  positive: z.boolean(),
});
export type ScreenerScore = z.infer<typeof screenerScoreSchema>;

/** One assessment (one access code) as the practice's review queue shows it. */
export const queuedAssessmentSchema = z.object({
  id: z.number().int(),
  /** The masked access code ("••••-••••-••••-XXXX"): only its last characters are kept. */
  accessCode: z.string(),
  status: assessmentStatusSchema,
  /** The patient as entered at this assessment's checkout. */
  patient: z.object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** Assessments bought with this e-mail address, this one included. */
    assessmentsWithEmail: z.number().int(),
  }),
  submittedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  reviewStartedAt: z.string().nullable(),
  /** The administrator who took it into review: who is working on what. */
  reviewStartedBy: z.string().nullable(),
  evaluatedAt: z.string().nullable(),
  evaluationSentOn: z.string().nullable(),
  /** Null when any screener item is unanswered. */
  screener: screenerScoreSchema.nullable(),
});
export type QueuedAssessment = z.infer<typeof queuedAssessmentSchema>;

export const reviewQueueQuerySchema = z.strictObject({
  /** "open" = submitted and in review (the default); "evaluated" = the done ones, newest first. */
  view: z.enum(['open', 'evaluated']).default('open'),
});

export const reviewQueueSchema = z.object({
  assessments: z.array(queuedAssessmentSchema),
  now: z.string(),
});

/**
 * The one step taken by hand. An assessment becomes `evaluated` only by sending its evaluation
 * (the evaluations module), so a patient never waits on an assessment marked done elsewhere.
 */
export const updateAssessmentStatusBodySchema = z.strictObject({
  status: z.literal('in_review'),
});
