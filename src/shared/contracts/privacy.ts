import { z } from 'zod';
import { singleLine } from './common';
import { legalPageSchema } from './legal';

/** An erasure needs the patient's e-mail typed again, so a slip of the mouse erases nothing. */
export const erasePatientBodySchema = z.strictObject({
  confirmEmail: singleLine().min(1).max(254),
});

export const erasureResultSchema = z.object({
  erasedUserId: z.number().int(),
  mediaFilesRemoved: z.number().int(),
});

/** The privacy notice: a versioned text like the other legal pages. */
export const privacyNoticeSchema = legalPageSchema;
export type PrivacyNoticeBody = z.infer<typeof privacyNoticeSchema>;
