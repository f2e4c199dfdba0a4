import { z } from 'zod';
import { LANGUAGES } from '../constants';

export const languageSchema = z.enum(LANGUAGES);

/** Every error reply of the API, 4xx and 5xx alike. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okBodySchema = z.object({ ok: z.literal(true) });

export const idParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The user as the browser keeps it (SPEC section 3 "Session user" and "Auth result"). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: languageSchema,
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResultSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type AuthResult = z.infer<typeof authResultSchema>;
