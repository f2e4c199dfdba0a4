import { z } from 'zod';
import { languageSchema, singleLine } from './common';

export const verifyAccessCodeBodySchema = z.strictObject({
  code: singleLine().min(1).max(100),
  language: languageSchema.optional(),
  /** The authenticator code; administrators need it after their access code. */
  totp: singleLine().max(10).optional(),
});
export type VerifyAccessCodeBody = z.infer<typeof verifyAccessCodeBodySchema>;

export const updateLanguageBodySchema = z.strictObject({
  language: languageSchema,
});
export type UpdateLanguageBody = z.infer<typeof updateLanguageBodySchema>;

export const updateLanguageResultSchema = z.object({
  language: languageSchema,
  token: z.string(),
});
export type UpdateLanguageResult = z.infer<typeof updateLanguageResultSchema>;

/** What a signed token carries; the server re-checks the user row on every request. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  email: z.string(),
  language: languageSchema,
  isAdmin: z.boolean(),
  tv: z.number().int(),
  /** The access code (assessment) this sign-in belongs to. */
  acid: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
