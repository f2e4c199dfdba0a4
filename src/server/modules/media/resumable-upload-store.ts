import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { MediaType } from '../../../shared/constants';
import { sniffMediaKind, SNIFF_BYTES } from '../../../shared/media-kinds';
import { DomainError } from '../../platform/errors';
import { WRITES_IN_FLIGHT } from './chunk-sealer';
import {
  CHUNK_BYTES,
  newSealedHeader,
  parseHeader,
  sealPieces,
  TAG_BYTES,
  type SealedHeader,
} from './chunked-cipher';
import { retypeReservation } from './media-repository';
import { newMediaPath } from './media-store';
import {
  advanceResumableUpload,
  deleteResumableUpload,
  findResumableState,
  findResumableUpload,
  insertResumableUpload,
  type ResumableRow,
  type ResumableState,
} from './resumable-upload-repository';
import { isStoreOutage, storeUnavailable } from './store-outage';
import { removeUpload, type RemovalDeps } from './upload-removal';

/** What the creation hook checked and reserved, handed to `create` in this metadata field. */
export const RECORD_FIELD = 'record';

export interface NewResumableUpload {
  questionId: number;
  mediaType: MediaType;
  owner: { userId: number; assessmentId: number };
  reservationId: number;
}

/** @tus/server names uploads with 16 random bytes in hex; nothing else is an upload's id. */
const ID_PATTERN = /^[0-9a-f]{32}$/;

const SEALED_CHUNK_BYTES = CHUNK_BYTES + TAG_BYTES;

export const wrongKind = () => new DomainError('unsupported_media', 'survey.mediaWrongKind');

/** A part the store cannot take: the PATCH is refused 503, what was acknowledged stays. */
async function fromStore<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw isStoreOutage(error) ? error : storeUnavailable(error);
  });
}

/**
 * The chunk still filling between two PATCHes is kept in the database, sealed with AES-256-GCM
 * under a key of its upload's own (derived from the media key that seals the file): no
 * plaintext is stored anywhere, and a tail from another upload's row does not open.
 */
function tailKey(key: Buffer, id: string): Buffer {
  return createHmac('sha256', key).update(`resumable-upload-tail:${id}`).digest();
}

function sealTail(key: Buffer, id: string, plain: Buffer): Buffer | null {
  if (plain.length === 0) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tailKey(key, id), iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]);
}

function openTail(key: Buffer, id: string, sealed: Buffer | null): Buffer {
  if (!sealed || sealed.length === 0) return Buffer.alloc(0);
  const decipher = createDecipheriv('aes-256-gcm', tailKey(key, id), sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(sealed.subarray(12, sealed.length - TAG_BYTES)),
    decipher.final(),
  ]);
}

/** The parts of a finished upload, ready to be committed as its file. */
export interface FinishedParts {
  partsId: string;
  tags: string[];
}

/**
 * One PATCH's view of an upload: bytes are sealed into the file's 1 MiB chunks as they arrive,
 * gathered into parts, and each part written to the media store before the database records the
 * new offset. What the database says is always there: a PATCH that dies midway leaves the
 * offset where its last record put it, and the client resends from it. On S3 a chunk is sealed
 * from the pieces it arrived in; on the disk they are first copied into one reused buffer
 * (`gathered`). Whatever its size, an upload holds at most two parts' worth of sealed chunks and
 * two chunks of plaintext (the one filling, and on the disk the buffer).
 */
class SealingUpload {
  private readonly header: SealedHeader;
  private readonly key: Buffer;
  private readonly lastIndex: number;
  private committed: number;
  offset: number;
  /** The plaintext of the chunk still filling, in the pieces it arrived in. */
  private tail: Buffer[];
  private tailBytes: number;
  /** Sealed chunks not yet in a part, each in the pieces it was sealed in. */
  private pending: Buffer[][];
  /** Chunks sealed so far, in parts or pending. */
  private sealedChunks: number;
  partsId: string | null;
  tags: string[];
  private path: string;
  /**
   * The disk's writes while bytes arrive: the pending chunks from index `dispatched` on are not
   * yet handed to a write, `done` holds those written but not yet dropped from `pending` (writes
   * end in any order), and the first failure waits here until reported.
   */
  private readonly writing = new Set<Promise<void>>();
  private dispatched: number;
  private readonly done = new Set<number>();
  private writeFailure: { error: unknown } | null = null;
  /** Where a chunk's pieces are gathered before sealing (the disk). */
  private chunk: Buffer | null = null;
  /** Parts written since the file was last synced. */
  private unsynced = false;

  constructor(
    private readonly deps: RemovalDeps,
    readonly row: ResumableRow,
  ) {
    this.header = parseHeader(row.header);
    const key = this.header.keyId && deps.media.keys.find(this.header.keyId);
    // The key that began the upload is gone (rotated out mid-upload): the upload cannot go on.
    if (!key) throw ERRORS.FILE_NOT_FOUND;
    this.key = key;
    this.lastIndex = Math.ceil(row.size / CHUNK_BYTES) - 1;
    this.committed = row.offset;
    this.offset = row.offset;
    const tail = openTail(key, row.id, row.tail);
    this.tail = tail.length > 0 ? [tail] : [];
    this.tailBytes = tail.length;
    this.pending = [];
    for (let at = 0; at < (row.pending?.length ?? 0); at += SEALED_CHUNK_BYTES) {
      this.pending.push([row.pending!.subarray(at, at + SEALED_CHUNK_BYTES)]);
    }
    this.sealedChunks = Math.floor(row.offset / CHUNK_BYTES);
    this.dispatched = this.sealedChunks - this.pending.length;
    this.partsId = row.partsId;
    this.tags = [...row.parts];
    this.path = row.reservation.path;
  }

  async take(data: Buffer): Promise<void> {
    this.offset += data.length;
    let rest = data;
    while (this.tailBytes + rest.length >= CHUNK_BYTES) {
      const missing = CHUNK_BYTES - this.tailBytes;
      this.tail.push(rest.subarray(0, missing));
      rest = rest.subarray(missing);
      await this.seal(this.tail);
      this.tail = [];
      this.tailBytes = 0;
    }
    if (rest.length > 0) {
      this.tail.push(rest);
      this.tailBytes += rest.length;
    }
    const { chunksPerPart, anySize } = this.deps.media.parts;
    if (anySize) {
      await this.writeAsSealed();
      return;
    }
    // A store that takes no small part keeps a part's worth back while bytes arrive: whatever
    // the PATCH brings after it, its end can then write all it sealed, and the database keeps no
    // sealed chunk (a PATCH of fewer chunks than a part is the exception).
    if (this.pending.length >= 2 * chunksPerPart) {
      await this.flush(this.pending.length - chunksPerPart);
      await this.checkpoint();
    }
  }

  /**
   * A store of parts of any size (the disk) takes each chunk at its place once it is sealed, a
   * few writes at a time while the next bytes arrive (as a single upload's are), so the PATCH
   * does not wait for the disk at its end; once a part's worth is written, the file is synced and
   * the offset recorded. A disk slower than the network holds the request back: with as many
   * writes waiting as the thread pool runs at once, the PATCH reads on only once one ends.
   */
  private async writeAsSealed(): Promise<void> {
    const { chunksPerPart } = this.deps.media.parts;
    while (!this.writeFailure && this.dispatched < this.sealedChunks) {
      if (this.writing.size >= WRITES_IN_FLIGHT) await Promise.race(this.writing);
      else await this.dispatch();
    }
    if (this.writeFailure) await this.written();
    if (this.sealedChunks * CHUNK_BYTES - this.committed >= chunksPerPart * CHUNK_BYTES) {
      await this.writeOut();
      await this.checkpoint();
    }
  }

  /** Hands the next pending chunk to a write of its own, at its place in the file. */
  private async dispatch(): Promise<void> {
    const index = this.dispatched;
    const sealed = this.pending[index - (this.sealedChunks - this.pending.length)]!;
    const pieces = index === 0 ? [this.row.header, ...sealed] : sealed;
    const position = index === 0 ? 0 : this.row.header.length + index * SEALED_CHUNK_BYTES;
    this.partsId ??= await fromStore(this.deps.media.parts.begin(this.path));
    this.dispatched += 1;
    const write: Promise<void> = fromStore(
      this.deps.media.parts.put(this.path, this.partsId, { number: index + 1, position, pieces }),
    )
      .then(() => {
        this.done.add(index);
        this.unsynced = true;
      })
      .catch((error: unknown) => {
        this.writeFailure ??= { error };
      })
      .finally(() => this.writing.delete(write));
    this.writing.add(write);
  }

  /** Every chunk sealed so far is written, and the file synced. */
  private async writeOut(): Promise<void> {
    await this.written();
    await this.flush();
    await this.sync();
  }

  /**
   * Waits for the writes in flight and drops the chunks written in a row from `pending`; throws
   * the first failure (the chunks from the failed one on stay pending, to be written again).
   */
  private async written(): Promise<void> {
    while (this.writing.size > 0) await Promise.all(this.writing);
    let first = this.sealedChunks - this.pending.length;
    while (this.pending.length > 0 && this.done.has(first)) {
      this.done.delete(first);
      this.pending.shift();
      first += 1;
    }
    this.done.clear();
    this.dispatched = first;
    const failure = this.writeFailure;
    this.writeFailure = null;
    if (failure) throw failure.error;
  }

  private async sync(): Promise<void> {
    if (!this.unsynced) return;
    await fromStore(this.deps.media.parts.sync(this.path, this.partsId!));
    this.unsynced = false;
  }

  /** All bytes are in: the chunk still filling is the file's last, and every part is written. */
  async finish(): Promise<void> {
    if (this.tailBytes > 0) {
      await this.seal(this.tail);
      this.tail = [];
      this.tailBytes = 0;
    }
    await this.writeOut();
  }

  /** Seals the next chunk; the first one is where the bytes tell what kind of file this is. */
  private async seal(plain: Buffer[]): Promise<void> {
    const index = this.sealedChunks;
    if (index === 0) await this.checkKind(Buffer.concat(plain).subarray(0, SNIFF_BYTES));
    const pieces = this.deps.media.parts.anySize ? [this.gathered(plain)] : plain;
    const sealed = sealPieces(
      this.key,
      this.header.prefix,
      index,
      pieces,
      index === this.lastIndex,
    );
    this.pending.push(sealed);
    this.sealedChunks += 1;
  }

  /**
   * The chunk's pieces copied into one buffer, reused for every chunk (sealing copies it): the
   * disk then writes a chunk as one buffer, not in the socket's 64 KiB pieces; with the writes
   * a few at a time, a 200 MB upload took about a sixth less (README, Benchmarks). On S3 the
   * pieces stay as they are: measured, one buffer a chunk made it slower there (5.0 to 5.7
   * against 3.4 s).
   */
  private gathered(pieces: Buffer[]): Buffer {
    this.chunk ??= Buffer.allocUnsafeSlow(CHUNK_BYTES);
    let length = 0;
    for (const piece of pieces) length += piece.copy(this.chunk, length);
    return this.chunk.subarray(0, length);
  }

  private async checkKind(head: Buffer): Promise<void> {
    const kind = sniffMediaKind(head);
    if (!kind || kind.mediaType !== this.row.mediaType) throw wrongKind();
    if (this.path.endsWith(`.${kind.extension}`)) return;
    // Reserved under the declared type's name; the file is named for what it is.
    const path = newMediaPath(kind.extension);
    if (!(await retypeReservation(this.deps.db, this.row.reservation.id, { path, kind }))) {
      throw ERRORS.FILE_NOT_FOUND;
    }
    this.path = path;
  }

  /** Writes the first `count` sealed chunks gathered so far (all unless told) as the next part. */
  async flush(count = this.pending.length): Promise<void> {
    if (count === 0) return;
    const { parts } = this.deps.media;
    const first = this.sealedChunks - this.pending.length;
    const sealed = this.pending.slice(0, count).flat();
    const pieces = first === 0 ? [this.row.header, ...sealed] : sealed;
    const position = first === 0 ? 0 : this.row.header.length + first * SEALED_CHUNK_BYTES;
    this.partsId ??= await fromStore(parts.begin(this.path));
    const tag = await fromStore(
      parts.put(this.path, this.partsId, { number: this.tags.length + 1, position, pieces }),
    );
    this.tags.push(tag);
    this.unsynced = true;
    this.pending = this.pending.slice(count);
  }

  /**
   * The PATCH ends here: the sealed chunks gathered so far go to the store as a part when it
   * takes them (the database then holds no more than the chunk still filling), else (fewer than
   * a part, or the store failing) to the database; then the offset is recorded.
   */
  async keep(): Promise<void> {
    const { chunksPerPart, anySize } = this.deps.media.parts;
    if (anySize) await this.written().catch(() => undefined);
    if (anySize || this.pending.length >= chunksPerPart) await this.flush().catch(() => undefined);
    await this.sync();
    await this.commit();
  }

  /**
   * The PATCH is over: what the store held open for its writes is closed (every write was
   * awaited, and a failing close loses nothing the PATCH acknowledged).
   */
  async release(): Promise<void> {
    if (this.partsId) await this.deps.media.parts.release(this.partsId).catch(() => undefined);
  }

  /** Records the new offset and the bytes not yet in a part; another PATCH starts from here. */
  async commit(): Promise<void> {
    if (this.offset === this.committed) return;
    await this.advance(this.offset, {
      pending: this.pending.length > 0 ? Buffer.concat(this.pending.flat()) : null,
      tail: sealTail(this.key, this.row.id, Buffer.concat(this.tail, this.tailBytes)),
    });
  }

  /**
   * Mid-PATCH, once a part is written: records the offset the parts reach, so that a process
   * that dies now loses at most what came after them. The chunks held back and the one filling
   * are not written to the database for it (the PATCH's end records them, or writes them as a
   * part); a PATCH cut here is resent from this offset.
   */
  private async checkpoint(): Promise<void> {
    const inParts = (this.sealedChunks - this.pending.length) * CHUNK_BYTES;
    if (inParts > this.committed) await this.advance(inParts, { pending: null, tail: null });
  }

  private async advance(offset: number, held: Pick<ResumableRow, 'pending' | 'tail'>) {
    const recorded = await advanceResumableUpload(this.deps.db, this.row.id, this.committed, {
      offset,
      partsId: this.partsId,
      parts: this.tags,
      ...held,
    });
    if (!recorded) throw ERRORS.INVALID_OFFSET;
    this.committed = offset;
  }
}

/**
 * The tus data store: uploads' state in PostgreSQL (table resumable_uploads), their bytes sealed
 * in the media store's parts (S3 multipart, or one file in the data folder). Any instance serves
 * any request of an upload; PATCHes of one upload are serialised by the routes' lock.
 */
export class ResumableUploadStore extends DataStore {
  /** Uploads whose last PATCH has written every part, until the finish hook commits them. */
  private readonly finished = new Map<string, FinishedParts>();
  /** The row a PATCH read under its lock, until its write takes it. */
  private readonly patching = new Map<string, ResumableRow>();

  constructor(private readonly deps: RemovalDeps) {
    super();
    this.extensions = ['creation'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const text = upload.metadata?.[RECORD_FIELD];
    if (!text || upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const record = JSON.parse(text) as NewResumableUpload;
    await insertResumableUpload(this.deps.db, {
      id: upload.id,
      userId: record.owner.userId,
      assessmentId: record.owner.assessmentId,
      questionId: record.questionId,
      mediaType: record.mediaType,
      reservationId: record.reservationId,
      size: upload.size,
      header: newSealedHeader(this.deps.media.keys.current).header,
    });
    upload.creation_date = new Date().toISOString();
    return upload;
  }

  /**
   * The upload's state, or undefined when it does not exist (finished long ago, refused,
   * erased). Without its sealed bytes, which only a PATCH's write needs.
   */
  async record(id: string): Promise<ResumableState | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    return this.patching.get(id) ?? findResumableState(this.deps.db, id);
  }

  /**
   * Runs a PATCH of the upload (under the lock that lets one PATCH of it run at a time): its row
   * is read once, for the owner check, tus's offset check and the write, instead of three times.
   * The write takes it; what runs after the write (the finish hook) reads the row anew.
   */
  async patch<T>(id: string, work: () => Promise<T>): Promise<T> {
    const row = ID_PATTERN.test(id) ? await findResumableUpload(this.deps.db, id) : undefined;
    if (row) this.patching.set(id, row);
    try {
      return await work();
    } finally {
      this.patching.delete(id);
    }
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.record(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: row.offset,
      // What a HEAD answer repeats: only the question, never the owner or the reservation.
      metadata: { questionId: String(row.questionId) },
      creation_date: row.createdAt.toISOString(),
    });
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const read = this.patching.get(id);
    this.patching.delete(id);
    const row =
      read ?? (ID_PATTERN.test(id) ? await findResumableUpload(this.deps.db, id) : undefined);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.offset !== offset) throw ERRORS.INVALID_OFFSET;
    if (row.result) {
      // Finished already: nothing more to write, and the finish hook answers as before.
      source.resume();
      return row.size;
    }
    const upload = new SealingUpload(this.deps, row);
    try {
      return await this.receive(id, source, upload);
    } finally {
      await upload.release();
    }
  }

  /** The PATCH's bytes into the upload; resolves with the offset they reach. */
  private async receive(id: string, source: Readable, upload: SealingUpload): Promise<number> {
    const { row } = upload;
    try {
      // A failure (the store refusing a part) is thrown once the body is read: thrown inside the
      // loop, it would end the request stream, and tus would answer "aborted" instead.
      let failure: { error: unknown } | null = null;
      for await (const data of source) {
        if (!failure)
          await upload.take(data as Buffer).catch((error: unknown) => (failure = { error }));
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (upload.offset === row.size) {
        // The last bytes: every part is written, and the offset stays where it was until the
        // finish hook has committed the file, so a failed finish is retried with the same PATCH.
        await upload.finish();
        this.finished.set(id, { partsId: upload.partsId!, tags: upload.tags });
        return row.size;
      }
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'unsupported_media') {
        await this.discard(id);
        throw error;
      }
      // What arrived before the cut is kept, if the database takes it: the client resumes there.
      // A last PATCH that failed is sent again whole.
      if (upload.offset < row.size) await upload.keep().catch(() => undefined);
      throw error;
    }
    await upload.keep();
    return upload.offset;
  }

  /** The parts the last PATCH wrote, once (the finish hook commits them). */
  takeFinished(id: string): FinishedParts | undefined {
    const parts = this.finished.get(id);
    this.finished.delete(id);
    return parts;
  }

  /**
   * Removes an unfinished upload: its parts, its reservation and its row. A failure is logged;
   * the clean-up job (and the bucket's lifecycle rule) finds what stayed.
   */
  async discard(id: string): Promise<void> {
    const row = await this.record(id);
    if (!row) return;
    if (!row.result) {
      if (row.partsId) {
        await this.deps.media.parts.abort(row.reservation.path, row.partsId).catch((error) => {
          this.deps.log.warn({ err: error }, 'removing an abandoned upload’s parts failed');
        });
      }
      await removeUpload(this.deps, row.reservation);
    }
    await deleteResumableUpload(this.deps.db, id);
  }

  override async remove(id: string): Promise<void> {
    await this.discard(id);
  }
}
