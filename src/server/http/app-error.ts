import type { MessageKey } from '../i18n/messages';

/**
 * The one error type services throw. The message key picks what the person sees (in their
 * language); `internal` is for logs only and never reaches the browser.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    internal?: string,
  ) {
    super(internal ?? messageKey);
    this.name = 'AppError';
  }
}

export const badRequest = (
  key: MessageKey = 'errors.badRequest',
  params?: Record<string, string>,
) => new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'errors.unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'errors.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'errors.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey = 'errors.conflict') => new AppError(409, key);
export const tooManyRequests = () => new AppError(429, 'errors.tooManyRequests');
