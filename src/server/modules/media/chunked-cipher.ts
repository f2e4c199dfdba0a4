import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { KEY_ID_BYTES, type MediaKey, type MediaKeyring } from './media-keys';

/**
 * Streamed AES-256-GCM in fixed 64 KiB chunks, each with its own tag, so a range of a video can
 * be decrypted without reading the whole file, from a disk or with one ranged GET from object
 * storage.
 *
 * File layout: MAGIC "CMD2" (4 bytes) | key id (8 bytes) | file nonce prefix (8 bytes) | chunk*
 * where each chunk is ciphertext (up to 64 KiB) followed by its 16-byte tag. A chunk's IV is the
 * prefix plus its index; its additional data says whether it is the last chunk, so a file cut
 * short at a chunk boundary fails authentication instead of reading as a shorter video. The key
 * id says which key of the ring sealed the file, so the key can be rotated. Files of the first
 * layout ("CMD1", no key id) are still read: the key whose tag fits is the one.
 */
const MAGIC_V1 = Buffer.from('CMD1');
const MAGIC_V2 = Buffer.from('CMD2');
const PREFIX_BYTES = 8;
/** The header of the files written now. */
export const HEADER_BYTES = MAGIC_V2.length + KEY_ID_BYTES + PREFIX_BYTES;
/** Enough bytes from the start of any file to read its header. */
export const MAX_HEADER_BYTES = HEADER_BYTES;
export const CHUNK_BYTES = 64 * 1024;
const TAG_BYTES = 16;
const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;

/** A stored file that exists but cannot be decrypted: not a media file, or no key for it. */
export class UnreadableMediaError extends Error {
  constructor(reason: string) {
    super(`media file unreadable: ${reason}`);
    this.name = 'UnreadableMediaError';
  }
}

export interface SealedHeader {
  /** Length of the header in the file. */
  bytes: number;
  /** Null for files of the first layout. */
  keyId: Buffer | null;
  prefix: Buffer;
}

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

/** Encrypts a stream with the ring's current key; holds at most one chunk (plus the next). */
export function createEncryptStream({ id, key }: MediaKey): Transform {
  const prefix = randomBytes(PREFIX_BYTES);
  let pending = Buffer.alloc(0);
  let index = 0;
  let headerSent = false;
  const header = () => (headerSent ? [] : ((headerSent = true), [MAGIC_V2, id, prefix]));
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

/** Reads the header from the first bytes of a stored file (at least MAX_HEADER_BYTES of them). */
export function parseHeader(head: Buffer): SealedHeader {
  const magic = head.subarray(0, 4);
  if (magic.equals(MAGIC_V2) && head.length >= HEADER_BYTES) {
    return {
      bytes: HEADER_BYTES,
      keyId: Buffer.from(head.subarray(4, 4 + KEY_ID_BYTES)),
      prefix: Buffer.from(head.subarray(4 + KEY_ID_BYTES, HEADER_BYTES)),
    };
  }
  if (magic.equals(MAGIC_V1) && head.length >= MAGIC_V1.length + PREFIX_BYTES) {
    return {
      bytes: MAGIC_V1.length + PREFIX_BYTES,
      keyId: null,
      prefix: Buffer.from(head.subarray(4, 4 + PREFIX_BYTES)),
    };
  }
  throw new UnreadableMediaError('not an encrypted media file');
}

/** Throws unless the ring can open a file with this header. */
export function requireKeyFor(header: SealedHeader, keys: MediaKeyring): void {
  if (header.keyId && !keys.find(header.keyId)) {
    throw new UnreadableMediaError('sealed with a key that is not configured');
  }
}

/** The plaintext size of an encrypted file of the given size. */
export function plaintextSize(encryptedSize: number, header: SealedHeader): number {
  const body = encryptedSize - header.bytes;
  const chunks = Math.ceil(body / SEALED_CHUNK_BYTES);
  return Math.max(0, body - chunks * TAG_BYTES);
}

/** Which sealed bytes hold a range of the plaintext, and how to cut it out of them. */
export interface SealedSpan {
  /** First and last byte (inclusive) of the encrypted file to read. */
  start: number;
  end: number;
  firstChunk: number;
  lastChunk: number;
  /** Plaintext range wanted. */
  range: { start: number; end: number };
  encryptedSize: number;
  header: SealedHeader;
}

/** The span for bytes start..end (inclusive) of the plaintext, or the whole file; null if empty. */
export function sealedSpan(
  header: SealedHeader,
  encryptedSize: number,
  range?: { start: number; end: number },
): SealedSpan | null {
  const total = plaintextSize(encryptedSize, header);
  if (total === 0) return null;
  const wanted = range ?? { start: 0, end: total - 1 };
  const end = Math.min(wanted.end, total - 1);
  const firstChunk = Math.floor(wanted.start / CHUNK_BYTES);
  const lastChunk = Math.floor(end / CHUNK_BYTES);
  const start = header.bytes + firstChunk * SEALED_CHUNK_BYTES;
  return {
    start,
    end: Math.min(header.bytes + (lastChunk + 1) * SEALED_CHUNK_BYTES, encryptedSize) - 1,
    firstChunk,
    lastChunk,
    range: { start: wanted.start, end },
    encryptedSize,
    header,
  };
}

/**
 * Decrypts the sealed bytes of a span (read from wherever the file lives) and yields exactly the
 * plaintext range; one chunk in memory at a time.
 */
export async function* decryptSpan(
  sealed: AsyncIterable<Buffer>,
  keys: MediaKeyring,
  span: SealedSpan,
): AsyncGenerator<Buffer> {
  const { header, encryptedSize, firstChunk, lastChunk, range } = span;
  const lastIndex = Math.ceil((encryptedSize - header.bytes) / SEALED_CHUNK_BYTES) - 1;
  requireKeyFor(header, keys);
  let key = header.keyId ? keys.find(header.keyId) : undefined;
  let index = firstChunk;
  let pending: Buffer = Buffer.alloc(0);

  const open = (chunk: Buffer): Buffer => {
    const last = index === lastIndex;
    if (key) return openChunk(key, header.prefix, index, chunk, last);
    // A file of the first layout: the key whose tag fits sealed it.
    for (const candidate of keys.all) {
      try {
        const plain = openChunk(candidate, header.prefix, index, chunk, last);
        key = candidate;
        return plain;
      } catch {
        // Not this key.
      }
    }
    throw new UnreadableMediaError('no configured key opens it');
  };
  const cut = (plain: Buffer): Buffer => {
    const from = index === firstChunk ? range.start - index * CHUNK_BYTES : 0;
    const to = index === lastChunk ? range.end - index * CHUNK_BYTES + 1 : plain.length;
    return plain.subarray(from, to);
  };
  const sealedLength = () =>
    Math.min(SEALED_CHUNK_BYTES, encryptedSize - (header.bytes + index * SEALED_CHUNK_BYTES));

  for await (const data of sealed) {
    pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
    while (index <= lastChunk && pending.length >= sealedLength()) {
      const length = sealedLength();
      const plain = open(pending.subarray(0, length));
      pending = pending.subarray(length);
      yield cut(plain);
      index += 1;
    }
    if (index > lastChunk) return;
  }
  if (index <= lastChunk) throw new UnreadableMediaError('file ends early');
}
