import { ApiError } from './api-client';

/** "Failed to delete …: <the server's message>"; an error that is not the server's adds nothing. */
export const failureText = (headline: string, error: unknown): string =>
  error instanceof ApiError ? `${headline}: ${error.message}` : headline;
