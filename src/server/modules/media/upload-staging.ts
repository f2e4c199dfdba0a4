import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import type { MediaType } from '../../../shared/constants';

/**
 * What the server keeps about a resumable upload besides its bytes: whose it is and the quota it
 * holds. Kept next to the bytes, never sent back to the client.
 */
export interface StagedUpload {
  id: string;
  size: number;
  questionId: number;
  /** The question's type when the upload was created: what the bytes must turn out to be. */
  mediaType: MediaType;
  owner: { userId: number; assessmentId: number };
  reservation: { id: number; path: string; maxBytes: number };
  createdAt: string;
}

/** The record travels from the creation hook to `create` in this metadata field. */
export const RECORD_FIELD = 'record';

/** @tus/server names uploads with 16 random bytes in hex; nothing else is a staging name. */
const ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * AES-256-CTR for partial uploads: a PATCH appends at any byte offset, and counter mode can
 * start the key stream there, so bytes are encrypted as they arrive and a cut leaves a prefix
 * that still decrypts. Each upload has its own key (derived from the media key and its id), so
 * the counter can start at zero. Integrity is not needed here: the finished file is sealed by
 * the media store's authenticated chunks.
 */
function ctrAt(key: Buffer, offset: number, decrypt = false) {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(Math.floor(offset / 16)), 8);
  const cipher = (decrypt ? createDecipheriv : createCipheriv)('aes-256-ctr', key, iv);
  cipher.update(Buffer.alloc(offset % 16));
  return cipher;
}

/**
 * The tus data store: partial uploads under `<media dir>/.staging`, in a private folder (0700,
 * files 0600), encrypted with the media key, removed when the upload finishes or is refused, and
 * by the hourly clean-up when abandoned. Resuming needs the instance that holds the folder (see
 * docs/architecture.md).
 */
export class UploadStaging extends DataStore {
  constructor(
    private readonly dir: string,
    private readonly mediaKey: Buffer,
  ) {
    super();
    this.extensions = ['creation'];
  }

  private file(id: string, suffix: 'part' | 'json'): string {
    if (!ID_PATTERN.test(id)) throw ERRORS.FILE_NOT_FOUND;
    return join(this.dir, `${id}.${suffix}`);
  }

  private keyOf(id: string): Buffer {
    return createHmac('sha256', this.mediaKey).update(`upload-staging:${id}`).digest();
  }

  override async create(upload: Upload): Promise<Upload> {
    const record = upload.metadata?.[RECORD_FIELD];
    if (!record || upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFile(this.file(upload.id, 'part'), '', { mode: 0o600, flag: 'wx' });
    await writeFile(this.file(upload.id, 'json'), record, { mode: 0o600, flag: 'wx' });
    upload.creation_date = (JSON.parse(record) as StagedUpload).createdAt;
    return upload;
  }

  /** The upload's record, or null when it does not exist (finished, refused, cleaned up). */
  async record(id: string): Promise<StagedUpload | null> {
    if (!ID_PATTERN.test(id)) return null;
    const text = await readFile(this.file(id, 'json'), 'utf8').catch(() => null);
    return text ? (JSON.parse(text) as StagedUpload) : null;
  }

  override async getUpload(id: string): Promise<Upload> {
    const record = await this.record(id);
    const info = record && (await stat(this.file(id, 'part')).catch(() => null));
    if (!record || !info) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: record.size,
      offset: info.size,
      // What a HEAD answer repeats: only the question, never the owner or the reservation.
      metadata: { questionId: String(record.questionId) },
      creation_date: record.createdAt,
    });
  }

  /**
   * Appends the request's bytes at `offset`. What reached the disk before a cut stays there: the
   * next HEAD reports it (the file's size), and the client resumes from it.
   */
  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const cipher = ctrAt(this.keyOf(id), offset);
    let received = 0;
    const encrypt = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, cipher.update(chunk));
      },
    });
    const out = createWriteStream(this.file(id, 'part'), { flags: 'r+', start: offset });
    // A failing source (the client's connection cut) rejects with the source's own error, which
    // the tus server answers as an aborted request.
    await pipeline(source, encrypt, out);
    return offset + received;
  }

  /** The staged bytes, decrypted. */
  read(id: string): Readable {
    const decipher = ctrAt(this.keyOf(id), 0, true);
    return createReadStream(this.file(id, 'part')).pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          done(null, decipher.update(chunk));
        },
      }),
    );
  }

  override async remove(id: string): Promise<void> {
    await rm(this.file(id, 'part'), { force: true });
    await rm(this.file(id, 'json'), { force: true });
  }

  /** Every unfinished upload's record (a few per patient at most, gone within a day). */
  async list(): Promise<StagedUpload[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const records = await Promise.all(
      names.filter((name) => name.endsWith('.json')).map((name) => this.record(name.slice(0, -5))),
    );
    return records.filter((record): record is StagedUpload => record !== null);
  }

  /** Removes the partial uploads of an account (its erasure). */
  async removeOfAccount(userId: number): Promise<void> {
    for (const record of await this.list()) {
      if (record.owner.userId === userId) await this.remove(record.id);
    }
  }

  /** Removes the partial uploads created before the cut-off; how many. */
  async removeCreatedBefore(cutoff: Date): Promise<number> {
    let removed = 0;
    for (const record of await this.list()) {
      if (new Date(record.createdAt) < cutoff) {
        await this.remove(record.id);
        removed += 1;
      }
    }
    return removed;
  }
}
