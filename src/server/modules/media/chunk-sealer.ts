import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { CHUNK_BYTES, newSealedHeader, sealPieces, TAG_BYTES } from './chunked-cipher';
import type { MediaKey } from './media-keys';

/** Writes sealed bytes (the pieces in order) at a byte position of the file being sealed. */
export type PutSealed = (pieces: Buffer[], position: number) => Promise<void>;

/**
 * Sealed chunks being written at once; beyond them the source is paused, so an upload holds a few
 * MiB whatever its size.
 */
export const WRITES_IN_FLIGHT = 4;

/**
 * Seals a stream in the layout of `createEncryptStream` and hands it to `put` without waiting for
 * one write before reading on: each MiB is copied into one buffer, sealed in one call (AES-GCM
 * is synchronous, and faster on a whole MiB than on the socket's 64 KiB reads) and written while
 * the next MiB arrives. A chunk's place in the file follows from its index, so writes may finish
 * in any order. Resolves with the plaintext size once every chunk is written; a failing source or
 * write rejects (the source is then destroyed) only once no write is still running, so that the
 * caller can remove the file.
 */
export async function sealStream(
  source: Readable,
  mediaKey: MediaKey,
  put: PutSealed,
): Promise<number> {
  const { header, prefix } = newSealedHeader(mediaKey);
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  let index = 0;
  let size = 0;

  const dispatch = (plain: Buffer, last: boolean) => {
    const at = index;
    index += 1;
    // The plaintext buffer is free again once this returns: sealing copies it.
    const sealed = sealPieces(mediaKey.key, prefix, at, [plain], last);
    const job = (
      at === 0
        ? put([header, ...sealed], 0)
        : put(sealed, header.length + at * (CHUNK_BYTES + TAG_BYTES))
    )
      .catch((error: unknown) => {
        failure ??= { error };
        source.destroy();
      })
      .finally(() => {
        inFlight.delete(job);
        if (!failure && inFlight.size < WRITES_IN_FLIGHT && source.isPaused()) source.resume();
      });
    inFlight.add(job);
    if (inFlight.size >= WRITES_IN_FLIGHT) source.pause();
  };

  // Reused for every chunk: sealing copies it into the ciphertext.
  const chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  let filled = 0;
  source.on('data', (data: Buffer) => {
    if (failure) return;
    size += data.length;
    for (let from = 0; from < data.length;) {
      // A full chunk goes out only once more bytes follow: the last one is sealed as the last.
      if (filled === CHUNK_BYTES) {
        dispatch(chunk, false);
        filled = 0;
      }
      const copied = data.copy(chunk, filled, from);
      filled += copied;
      from += copied;
    }
  });
  source.resume();
  try {
    await finished(source);
  } catch (error) {
    failure ??= { error };
  }
  if (!failure) dispatch(chunk.subarray(0, filled), true);
  while (inFlight.size > 0) await Promise.all(inFlight);
  if (failure) throw failure.error;
  return size;
}
