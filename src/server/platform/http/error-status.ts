import type { DomainErrorKind } from '../errors';

/** The one place a domain error becomes an HTTP status. */
export const ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  unavailable: 503,
};
