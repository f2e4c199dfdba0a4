import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { UnreadableMediaError } from './chunked-cipher';
import type { MediaStore } from './media-store';
import { isStoreOutage } from './store-outage';

/** What a reader of media (export, report, playback) logs about a file it cannot give. */
export interface MediaReadContext {
  log: FastifyBaseLogger;
  /** Which reader: "patient-export", "case-report", "playback". */
  reader: string;
}

/**
 * Logs a stored file that cannot be given: the reader and why, never the file's name or
 * anything about the patient (the name leads to the upload row, and so to the patient).
 */
export function logUnavailable(context: MediaReadContext, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  // ENOENT from the disk, NoSuchKey from a bucket (an object removed while it was being read).
  const gone = code === 'ENOENT' || (error as { name?: unknown } | null)?.name === 'NoSuchKey';
  const reason =
    error === null || gone
      ? 'missing'
      : error instanceof UnreadableMediaError
        ? 'unreadable'
        : 'store-failed';
  context.log.warn({ reader: context.reader, reason, code }, 'a media file is not available');
}

/**
 * The plaintext size of a stored file, or null when it is missing, cannot be decrypted (its key
 * is not configured) or the store fails: each of these is logged, none throws, so a reader can
 * say "not available" for this file and go on with the rest; only playback is refused while the
 * store is away.
 */
export async function availableSize(
  media: MediaStore,
  path: string,
  context: MediaReadContext,
): Promise<number | null> {
  try {
    const size = await media.size(path);
    if (size === null) logUnavailable(context, null);
    return size;
  } catch (error) {
    logUnavailable(context, error);
    // Playback while the store is away: 503 and Retry-After, not "this file is gone".
    if (context.reader === 'playback' && isStoreOutage(error)) throw error;
    return null;
  }
}

/** A stored file's whole plaintext (a photo), or null when it cannot be read; logged. */
export async function readAvailable(
  media: MediaStore,
  path: string,
  context: MediaReadContext,
): Promise<Buffer | null> {
  try {
    return await buffer(media.read(path));
  } catch (error) {
    logUnavailable(context, error);
    return null;
  }
}
