import type { MessageKey } from './i18n/messages';
import type { SessionEnded } from './auth-context';

/**
 * What went wrong, in the domain's words. Services throw these and know nothing of HTTP; the one
 * table in `http/error-status.ts` turns a kind into a status code.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payment_required'
  | 'too_large'
  | 'unsupported_media'
  | 'range_not_satisfiable'
  | 'rate_limited'
  | 'unavailable';

/**
 * The one error type services throw. The message key picks what the person sees (in their
 * language); `details` are extra fields of the JSON reply (ids, never health data); `internal` is
 * for logs only and never reaches the browser.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly details: Record<string, unknown> = {},
    internal?: string,
    /** Response headers the status calls for, e.g. Content-Range with 416. */
    readonly headers: Record<string, string> = {},
  ) {
    super(internal ?? messageKey);
    this.name = 'DomainError';
  }
}

export const invalid = (key: MessageKey = 'errors.badRequest', params?: Record<string, string>) =>
  new DomainError('invalid', key, params);
export const unauthenticated = (key: MessageKey = 'errors.unauthorized') =>
  new DomainError('unauthenticated', key);
export const forbidden = (key: MessageKey = 'errors.forbidden') =>
  new DomainError('forbidden', key);
export const notFound = (key: MessageKey = 'errors.notFound') => new DomainError('not_found', key);
export const conflict = (key: MessageKey = 'errors.conflict', params?: Record<string, string>) =>
  new DomainError('conflict', key, params);
export const rateLimited = (
  key: MessageKey = 'errors.tooManyRequests',
  params?: Record<string, number>,
) => new DomainError('rate_limited', key, params);

const SESSION_END_MESSAGES = {
  expired: 'auth.sessionExpired',
  signed_out: 'auth.signedOut',
  code_replaced: 'auth.codeReplaced',
  refunded: 'auth.refunded',
  erased: 'auth.erased',
  not_admin: 'auth.notAdmin',
} as const satisfies Record<SessionEnded['ended'], MessageKey>;

/** A 401 that names why the session ended (`reason`), so the browser can sign out and say so. */
export const sessionEnded = ({ ended, refundedAt }: SessionEnded) =>
  new DomainError(
    'unauthenticated',
    SESSION_END_MESSAGES[ended],
    {},
    {
      reason: ended,
      ...(refundedAt ? { refundedAt: refundedAt.toISOString() } : {}),
    },
  );
