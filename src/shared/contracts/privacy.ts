import { z } from 'zod';
import { singleLine } from './common';

/** An erasure needs the patient's e-mail typed again, so a slip of the mouse erases nothing. */
export const erasePatientBodySchema = z.strictObject({
  confirmEmail: singleLine().min(1).max(254),
});

export const erasureResultSchema = z.object({
  erasedUserId: z.number().int(),
  mediaFilesRemoved: z.number().int(),
});

export const privacyNoticeSchema = z.object({
  version: z.string(),
  text: z.object({ en: z.string(), de: z.string() }),
});
export type PrivacyNoticeBody = z.infer<typeof privacyNoticeSchema>;
