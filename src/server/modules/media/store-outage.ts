import { DomainError } from '../../platform/errors';

/** How long a client waits before trying an upload or a playback again while the store is away. */
const RETRY_AFTER_SECONDS = '30';

/**
 * The media store (the S3 server) does not answer: only what needs it (uploads, playback) is
 * refused, 503 with Retry-After; the client tries again, nothing acknowledged is lost.
 */
export const storeUnavailable = (cause?: unknown) =>
  Object.assign(
    new DomainError('unavailable', 'media.storeUnavailable', {}, {}, undefined, {
      'retry-after': RETRY_AFTER_SECONDS,
    }),
    { cause },
  );

export const isStoreOutage = (error: unknown): boolean =>
  error instanceof DomainError && error.kind === 'unavailable';
