import { z } from 'zod';
import { singleLine } from './common';
import { legalPageSchema } from './legal';

/** An erasure needs the patient's e-mail typed again, so a slip of the mouse erases nothing. */
export const erasePatientBodySchema = z.strictObject({
  confirmEmail: singleLine().min(1).max(254),
});

/**
 * Erasing one assessment needs the name of its patient typed again (as entered at its checkout;
 * the e-mail address when no name was entered): an address may be shared, a person is not.
 */
export const eraseAssessmentBodySchema = z.strictObject({
  confirmName: singleLine().min(1).max(254),
});

/** What erasing one assessment removed; `patientErased` when it was the address's last one. */
export const assessmentErasureResultSchema = z.object({
  erasedAssessmentId: z.number().int(),
  mediaFilesRemoved: z.number().int(),
  patientErased: z.boolean(),
});
export type AssessmentErasureResult = z.infer<typeof assessmentErasureResultSchema>;

export const erasureResultSchema = z.object({
  erasedUserId: z.number().int(),
  mediaFilesRemoved: z.number().int(),
});

/** The privacy notice: a versioned text like the other legal pages. */
export const privacyNoticeSchema = legalPageSchema;
export type PrivacyNoticeBody = z.infer<typeof privacyNoticeSchema>;
