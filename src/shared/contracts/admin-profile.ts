import { z } from 'zod';
import { singleLine } from './common';

/** GET/PUT /api/admin/profile: how the signed-in dentist signs evaluations, title included. */
export const adminProfileSchema = z.object({ email: z.string(), displayName: z.string() });
export type AdminProfile = z.infer<typeof adminProfileSchema>;

export const adminProfileBodySchema = z.strictObject({
  displayName: singleLine().trim().min(1).max(200),
});
export type AdminProfileBody = z.infer<typeof adminProfileBodySchema>;
