import { z } from 'zod';
import { emailAddress, languageSchema, singleLine } from './common';

export const verifyAccessCodeBodySchema = z.strictObject({
  code: singleLine().min(1).max(100),
  language: languageSchema.optional(),
  /** The authenticator code; administrators need it after their access code. */
  totp: singleLine().max(10).optional(),
});
export type VerifyAccessCodeBody = z.infer<typeof verifyAccessCodeBodySchema>;

/**
 * POST /api/access-code/forgot: a patient who lost their code. The reply is 202 with the same
 * body whether or not the address has an assessment.
 */
export const forgotAccessCodeBodySchema = z.strictObject({
  email: emailAddress(),
  /** The language of the page the patient asked from: the new code's mail is written in it. */
  language: languageSchema,
});
export type ForgotAccessCodeBody = z.infer<typeof forgotAccessCodeBodySchema>;

export const updateLanguageBodySchema = z.strictObject({
  language: languageSchema,
});
export type UpdateLanguageBody = z.infer<typeof updateLanguageBodySchema>;

export const updateLanguageResultSchema = z.object({
  language: languageSchema,
  token: z.string(),
});
export type UpdateLanguageResult = z.infer<typeof updateLanguageResultSchema>;

/**
 * How a session was obtained: an e-mailed access code, the authenticator's one-time password
 * on top of it, or a checkout that paid for a new assessment.
 */
export const SIGN_IN_METHODS = ['code', 'otp', 'checkout'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** What a signed token carries; the server re-checks the account and assessment rows on every request. */
export const tokenPayloadSchema = z.object({
  sub: z.string(),
  email: z.string(),
  language: languageSchema,
  isAdmin: z.boolean(),
  /** The account's token version. */
  tv: z.number().int(),
  /** The access code (assessment) this sign-in belongs to: everything the session reaches. */
  acid: z.number().int(),
  /** The assessment's token version. */
  atv: z.number().int(),
  /** Authentication methods references (RFC 8176 style): what the sign-in proved. */
  amr: z.array(z.enum(SIGN_IN_METHODS)).min(1),
});
export type TokenPayload = z.infer<typeof tokenPayloadSchema>;
