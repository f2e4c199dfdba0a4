import { z } from 'zod';
import { LANGUAGES, SESSION_END_REASONS } from '../constants';

export const languageSchema = z.enum(LANGUAGES);

/**
 * Every text field of every request goes through `singleLine` or `multiLine`, so control
 * characters are refused once, here, with one message: PostgreSQL cannot store NUL, and escape
 * sequences or stray line breaks in a name or a code are never what a person typed.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'validation.controlCharacters';
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- tab, line feed and carriage return stay allowed
const NO_CONTROL_CHARACTERS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** Text on one line (names, codes, ids, search terms): trimmed, no control characters at all. */
export const singleLine = () =>
  z.string().trim().regex(NO_CONTROL_CHARACTERS, { error: CONTROL_CHARACTERS_MESSAGE });

/** Text that may span lines (answers, question texts): kept as typed; tab and line breaks allowed. */
export const multiLine = () =>
  z.string().regex(NO_CONTROL_CHARACTERS_BUT_LINES, { error: CONTROL_CHARACTERS_MESSAGE });

/** The largest PostgreSQL `integer`, the type of every id column. */
/** An e-mail address as a person types it; message keys are i18n keys. */
export const emailAddress = () =>
  singleLine()
    .min(1, { error: 'validation.required' })
    .max(254, { error: 'validation.tooLong' })
    .pipe(z.email({ error: 'validation.email' }));

export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body. */
export const idSchema = z.number().int().positive().max(INT4_MAX);

/** A row id in a path or query string. */
export const idParamSchema = z.coerce.number().int().positive().max(INT4_MAX);

/**
 * The days the product stores or filters by, from the oldest date of birth to expiry dates well
 * ahead; year 0 (which PostgreSQL does not have) and other far-off dates are typos or probes.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';
const withinDateRange = (day: string) => day >= EARLIEST_DATE && day <= LATEST_DATE;

/** A calendar day as YYYY-MM-DD within the range above; the message is the form's i18n key. */
export const isoDateSchema = z.iso
  .date({ error: 'validation.date' })
  .refine(withinDateRange, { error: 'validation.date' });

/** A moment with a time zone offset, e.g. 2026-12-31T23:59:00+01:00, within the same range. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: 'validation.date' }).refine(
  (value) => {
    // Zod runs refinements after a failed format check too; that check refuses such a value.
    const time = Date.parse(value);
    return Number.isNaN(time) || withinDateRange(new Date(time).toISOString().slice(0, 10));
  },
  { error: 'validation.date' },
);

/** Why a session no longer stands (`SESSION_END_REASONS`), on every 401 of a signed-in call. */
export const sessionEndReasonSchema = z.enum(SESSION_END_REASONS);
export type { SessionEndReason } from '../constants';

/** Every error reply of the API, 4xx and 5xx alike. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** On a 401: why the session ended. */
  reason: sessionEndReasonSchema.optional(),
  /** With reason "refunded": when the assessment was refunded (ISO 8601). */
  refundedAt: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okBodySchema = z.object({ ok: z.literal(true) });

export const idParamsSchema = z.strictObject({ id: idParamSchema });

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
