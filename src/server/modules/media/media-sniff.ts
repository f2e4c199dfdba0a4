import { Readable } from 'node:stream';
import { SNIFF_BYTES } from '../../../shared/media-kinds';

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
