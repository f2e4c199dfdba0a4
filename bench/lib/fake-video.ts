import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

/** The first bytes of a WebM file: what the server's sniffing recognises as a video. */
export const WEBM_HEADER = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

const FILLER = randomBytes(64 * 1024);

/**
 * `pieces` (a multipart body's head, the WebM header) followed by `size` bytes of filler,
 * produced 64 KiB at a time, then `after` (a multipart body's tail). One plain stream, no async
 * generator: the client shares the machine's cores with the server.
 */
export function fakeVideo(
  size: number,
  pieces: Buffer[] = [WEBM_HEADER],
  after?: Buffer,
): Readable {
  const queue = [...pieces];
  let sent = 0;
  return new Readable({
    read() {
      const next = queue.shift();
      if (next) {
        this.push(next);
        return;
      }
      if (sent >= size) {
        if (after) this.push(after);
        after = undefined;
        this.push(null);
        return;
      }
      const piece = FILLER.subarray(0, Math.min(FILLER.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}
