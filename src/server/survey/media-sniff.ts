import { Readable } from 'node:stream';

export type MediaKind =
  | { mediaType: 'photo'; extension: 'jpg'; mime: 'image/jpeg' }
  | { mediaType: 'photo'; extension: 'png'; mime: 'image/png' }
  | { mediaType: 'video'; extension: 'webm'; mime: 'video/webm' }
  | { mediaType: 'video'; extension: 'mp4'; mime: 'video/mp4' };

/** Bytes needed to recognise every accepted kind. */
export const SNIFF_BYTES = 12;

/** What the first bytes of a file say it is: JPEG, PNG, WebM/Matroska or MP4; else null. */
export function sniffMediaKind(head: Uint8Array): MediaKind | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff]))
    return { mediaType: 'photo', extension: 'jpg', mime: 'image/jpeg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mediaType: 'photo', extension: 'png', mime: 'image/png' };
  }
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) {
    return { mediaType: 'video', extension: 'webm', mime: 'video/webm' };
  }
  if (starts([0x66, 0x74, 0x79, 0x70], 4)) {
    return { mediaType: 'video', extension: 'mp4', mime: 'video/mp4' };
  }
  return null;
}

/**
 * Reads the first bytes of a stream without buffering the rest, and hands back a stream that
 * still yields every byte from the start.
 */
export async function peekStream(
  source: Readable,
  bytes = SNIFF_BYTES,
): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, stream: Readable.from(rest(), { objectMode: false }) };
}
