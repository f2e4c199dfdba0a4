import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';

/**
 * Streamed AES-256-GCM in fixed 64 KiB chunks, each with its own tag, so a range of a video can
 * be decrypted without reading the whole file.
 *
 * File layout: MAGIC (4 bytes) | file nonce prefix (8 bytes) | chunk* where each chunk is
 * ciphertext (up to 64 KiB) followed by its 16-byte tag. A chunk's IV is the prefix plus its
 * index; its additional data says whether it is the last chunk, so a file cut short at a chunk
 * boundary fails authentication instead of reading as a shorter video.
 */
const MAGIC = Buffer.from('CMD1');
const PREFIX_BYTES = 8;
export const HEADER_BYTES = MAGIC.length + PREFIX_BYTES;
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;

function iv(prefix: Buffer, index: number): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(index, PREFIX_BYTES);
  return value;
}

const finalFlag = (last: boolean) => Buffer.from([last ? 1 : 0]);

function seal(key: Buffer, prefix: Buffer, index: number, plain: Buffer, last: boolean): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv(prefix, index));
  cipher.setAAD(finalFlag(last));
  return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openChunk(
  key: Buffer,
  prefix: Buffer,
  index: number,
  sealed: Buffer,
  last: boolean,
): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv(prefix, index));
  decipher.setAAD(finalFlag(last));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** Encrypts a stream; holds at most one chunk (plus the next) in memory. */
export function createEncryptStream(key: Buffer): Transform {
  const prefix = randomBytes(PREFIX_BYTES);
  let pending = Buffer.alloc(0);
  let index = 0;
  let headerSent = false;
  const header = () => (headerSent ? [] : ((headerSent = true), [MAGIC, prefix]));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending = Buffer.concat([pending, chunk]);
      const out: Buffer[] = [...header()];
      // Keep the last full chunk back: only at the end do we know whether it is the final one.
      while (pending.length > CHUNK_BYTES) {
        out.push(seal(key, prefix, index++, pending.subarray(0, CHUNK_BYTES), false));
        pending = pending.subarray(CHUNK_BYTES);
      }
      callback(null, Buffer.concat(out));
    },
    flush(callback) {
      callback(null, Buffer.concat([...header(), seal(key, prefix, index, pending, true)]));
    },
  });
}

/** The plaintext size of an encrypted file of the given size. */
export function plaintextSize(encryptedSize: number): number {
  const body = encryptedSize - HEADER_BYTES;
  const chunks = Math.ceil(body / SEALED_CHUNK_BYTES);
  return Math.max(0, body - chunks * TAG_BYTES);
}

/**
 * Decrypts bytes start..end (inclusive) of the plaintext, reading only the chunks that hold them;
 * without a range, the whole file.
 */
export function createDecryptStream(
  filePath: string,
  key: Buffer,
  range?: { start: number; end: number },
): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    const handle = await open(filePath, 'r');
    try {
      const { size: encryptedSize } = await handle.stat();
      const total = plaintextSize(encryptedSize);
      if (total === 0) return;
      const { start, end } = range ?? { start: 0, end: total - 1 };
      const lastIndex = Math.ceil(total / CHUNK_BYTES) - 1;
      const firstChunk = Math.floor(start / CHUNK_BYTES);
      const lastChunk = Math.floor(Math.min(end, total - 1) / CHUNK_BYTES);
      const head = Buffer.alloc(HEADER_BYTES);
      await handle.read(head, 0, HEADER_BYTES, 0);
      if (!head.subarray(0, MAGIC.length).equals(MAGIC)) {
        throw new Error('Not an encrypted media file');
      }
      const prefix = head.subarray(MAGIC.length);
      for (let index = firstChunk; index <= lastChunk; index++) {
        const position = HEADER_BYTES + index * SEALED_CHUNK_BYTES;
        const length = Math.min(SEALED_CHUNK_BYTES, encryptedSize - position);
        const sealed = Buffer.alloc(length);
        await handle.read(sealed, 0, length, position);
        const plain = openChunk(key, prefix, index, sealed, index === lastIndex);
        const from = index === firstChunk ? start - index * CHUNK_BYTES : 0;
        const to = index === lastChunk ? end - index * CHUNK_BYTES + 1 : plain.length;
        yield plain.subarray(from, to);
      }
    } finally {
      await handle.close();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
