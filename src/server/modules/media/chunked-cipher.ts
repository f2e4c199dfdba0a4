import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform } from 'node:stream';
import { KEY_ID_BYTES, type MediaKey, type MediaKeyring } from './media-keys';

/**
 * Streamed AES-256-GCM in fixed-size chunks, each with its own tag, so a range of a video can be
 * decrypted without reading the whole file, from a disk or with one ranged GET from object
 * storage.
 *
 * File layout: MAGIC "CMD3" (4 bytes) | key id (8 bytes) | chunk size (4 bytes, big-endian) |
 * file nonce prefix (8 bytes) | chunk*
 * where each chunk is ciphertext (up to the chunk size) followed by its 16-byte tag. A chunk's IV
 * is the prefix plus its index; its additional data says whether it is the last chunk, so a file
 * cut short at a chunk boundary fails authentication instead of reading as a shorter video. The
 * key id says which key of the ring sealed the file, so the key can be rotated. Files are written
 * in 1 MiB chunks: an upload then sets up one cipher and makes one disk write per MiB, where
 * 64 KiB chunks cost sixteen of each and held uploads far below the disk's speed. Files of the
 * earlier layouts are still read, in 64 KiB chunks: "CMD2" (no chunk size) and "CMD1" (no key
 * id either: the key whose tag fits is the one).
 */
const MAGIC_V1 = Buffer.from('CMD1');
const MAGIC_V2 = Buffer.from('CMD2');
const MAGIC_V3 = Buffer.from('CMD3');
const PREFIX_BYTES = 8;
const SIZE_BYTES = 4;
/** The header of the files written now. */
export const HEADER_BYTES = MAGIC_V3.length + KEY_ID_BYTES + SIZE_BYTES + PREFIX_BYTES;
/** Enough bytes from the start of any file to read its header. */
export const MAX_HEADER_BYTES = HEADER_BYTES;
/** The chunk size of the files written now. */
export const CHUNK_BYTES = 1024 * 1024;
/** The chunk size of "CMD1" and "CMD2" files. */
const LEGACY_CHUNK_BYTES = 64 * 1024;
/**
 * Chunk sizes a header may name: a reader holds one chunk, so a damaged or forged header must
 * not make it buffer more.
 */
const MIN_CHUNK_BYTES = LEGACY_CHUNK_BYTES;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;
export const TAG_BYTES = 16;

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
  /** Plaintext bytes per chunk (the last chunk may hold fewer). */
  chunkBytes: number;
}

function iv(prefix: Buffer, index: number): Buffer {
  const value = Buffer.alloc(12);
  prefix.copy(value, 0);
  value.writeUInt32BE(index, PREFIX_BYTES);
  return value;
}

const finalFlag = (last: boolean) => Buffer.from([last ? 1 : 0]);

/** The header of a file sealed with `key`, and the nonce prefix its chunks' IVs start with. */
export function newSealedHeader({ id }: MediaKey): { header: Buffer; prefix: Buffer } {
  const prefix = randomBytes(PREFIX_BYTES);
  const chunkSize = Buffer.alloc(SIZE_BYTES);
  chunkSize.writeUInt32BE(CHUNK_BYTES);
  return { header: Buffer.concat([MAGIC_V3, id, chunkSize, prefix]), prefix };
}

/**
 * One chunk's ciphertext, in the pieces its plaintext came in (each copied once, as ciphertext),
 * and its tag.
 */
export function sealPieces(
  key: Buffer,
  prefix: Buffer,
  index: number,
  plain: Buffer[],
  last: boolean,
): Buffer[] {
  const cipher = createCipheriv('aes-256-gcm', key, iv(prefix, index));
  cipher.setAAD(finalFlag(last));
  const sealed = plain.map((piece) => cipher.update(piece));
  cipher.final();
  sealed.push(cipher.getAuthTag());
  return sealed;
}

/** `lead` (the file's header, or nothing), the chunk's ciphertext and its tag, in one buffer. */
function seal(
  key: Buffer,
  prefix: Buffer,
  index: number,
  plain: Buffer[],
  last: boolean,
  lead: Buffer,
): Buffer {
  return Buffer.concat([lead, ...sealPieces(key, prefix, index, plain, last)]);
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
  const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
  decipher.final();
  return plain;
}

/** Buffers arriving in pieces of any size, taken out by length. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(data: Buffer): void {
    this.parts.push(data);
    this.length += data.length;
  }

  /** The next `length` bytes, in the pieces they arrived in (cut where `length` ends). */
  takePieces(length: number): Buffer[] {
    const pieces: Buffer[] = [];
    for (let left = length; left > 0;) {
      const part = this.parts[0]!;
      if (part.length <= left) {
        pieces.push(part);
        this.parts.shift();
      } else {
        pieces.push(part.subarray(0, left));
        this.parts[0] = part.subarray(left);
      }
      left -= pieces[pieces.length - 1]!.length;
    }
    this.length -= length;
    return pieces;
  }

  /** The next `length` bytes as one buffer: copied only when they arrived in several pieces. */
  take(length: number): Buffer {
    const pieces = this.takePieces(length);
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length);
  }
}

/**
 * Encrypts a stream with the ring's current key; holds at most one chunk and the piece that
 * completes it, and passes each sealed chunk on whole (the first one with the file's header), so
 * the writer behind it makes one write per chunk.
 */
export function createEncryptStream(mediaKey: MediaKey): Transform {
  const { key } = mediaKey;
  const { header, prefix } = newSealedHeader(mediaKey);
  const pending = new ByteQueue();
  let index = 0;
  const lead = () => (index === 0 ? header : Buffer.alloc(0));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      // Keep the last full chunk back: only at the end do we know whether it is the final one.
      while (pending.length > CHUNK_BYTES) {
        const sealed = seal(key, prefix, index, pending.takePieces(CHUNK_BYTES), false, lead());
        index += 1;
        this.push(sealed);
      }
      callback();
    },
    flush(callback) {
      callback(null, seal(key, prefix, index, pending.takePieces(pending.length), true, lead()));
    },
  });
}

/** Reads the header from the first bytes of a stored file (at least MAX_HEADER_BYTES of them). */
export function parseHeader(head: Buffer): SealedHeader {
  const magic = head.subarray(0, 4);
  if (magic.equals(MAGIC_V3) && head.length >= HEADER_BYTES) {
    const at = 4 + KEY_ID_BYTES;
    const chunkBytes = head.readUInt32BE(at);
    if (chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES) {
      throw new UnreadableMediaError('chunk size out of range');
    }
    return {
      bytes: HEADER_BYTES,
      keyId: Buffer.from(head.subarray(4, at)),
      prefix: Buffer.from(head.subarray(at + SIZE_BYTES, HEADER_BYTES)),
      chunkBytes,
    };
  }
  const v2Bytes = MAGIC_V2.length + KEY_ID_BYTES + PREFIX_BYTES;
  if (magic.equals(MAGIC_V2) && head.length >= v2Bytes) {
    return {
      bytes: v2Bytes,
      keyId: Buffer.from(head.subarray(4, 4 + KEY_ID_BYTES)),
      prefix: Buffer.from(head.subarray(4 + KEY_ID_BYTES, v2Bytes)),
      chunkBytes: LEGACY_CHUNK_BYTES,
    };
  }
  if (magic.equals(MAGIC_V1) && head.length >= MAGIC_V1.length + PREFIX_BYTES) {
    return {
      bytes: MAGIC_V1.length + PREFIX_BYTES,
      keyId: null,
      prefix: Buffer.from(head.subarray(4, 4 + PREFIX_BYTES)),
      chunkBytes: LEGACY_CHUNK_BYTES,
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

const sealedChunkBytes = (header: SealedHeader) => header.chunkBytes + TAG_BYTES;

/** The plaintext size of an encrypted file of the given size. */
export function plaintextSize(encryptedSize: number, header: SealedHeader): number {
  const body = encryptedSize - header.bytes;
  const chunks = Math.ceil(body / sealedChunkBytes(header));
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
  const firstChunk = Math.floor(wanted.start / header.chunkBytes);
  const lastChunk = Math.floor(end / header.chunkBytes);
  const sealedBytes = sealedChunkBytes(header);
  const start = header.bytes + firstChunk * sealedBytes;
  return {
    start,
    end: Math.min(header.bytes + (lastChunk + 1) * sealedBytes, encryptedSize) - 1,
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
  const { chunkBytes } = header;
  const sealedBytes = sealedChunkBytes(header);
  const lastIndex = Math.ceil((encryptedSize - header.bytes) / sealedBytes) - 1;
  requireKeyFor(header, keys);
  let key = header.keyId ? keys.find(header.keyId) : undefined;
  let index = firstChunk;
  const pending = new ByteQueue();

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
    const from = index === firstChunk ? range.start - index * chunkBytes : 0;
    const to = index === lastChunk ? range.end - index * chunkBytes + 1 : plain.length;
    return plain.subarray(from, to);
  };
  const sealedLength = () =>
    Math.min(sealedBytes, encryptedSize - (header.bytes + index * sealedBytes));

  for await (const data of sealed) {
    pending.push(data);
    while (index <= lastChunk && pending.length >= sealedLength()) {
      const plain = open(pending.take(sealedLength()));
      yield cut(plain);
      index += 1;
    }
    if (index > lastChunk) return;
  }
  if (index <= lastChunk) throw new UnreadableMediaError('file ends early');
}
