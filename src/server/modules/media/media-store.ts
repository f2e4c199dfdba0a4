import { randomUUID } from 'node:crypto';
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import {
  MEDIA_PATH_PATTERN,
  mediaFileName,
  type MediaExtension,
} from '../../../shared/media-kinds';
import { sealStream } from './chunk-sealer';
import {
  decryptSpan,
  MAX_HEADER_BYTES,
  parseHeader,
  plaintextSize,
  requireKeyFor,
  sealedSpan,
  type SealedHeader,
} from './chunked-cipher';
import type { MediaKeyring } from './media-keys';

/**
 * A new, unguessable name for a file about to be stored. The caller chooses it before writing so
 * the file is recorded (and can be cleaned up) before any byte of it reaches the disk.
 */
export function newMediaPath(extension: MediaExtension): string {
  return `media/${randomUUID()}.${extension}`;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Where finished photos and videos live: the local disk or an S3 bucket. */
export interface StoredFiles {
  /**
   * Streams an upload into the store under a name from `newMediaPath`. The file appears under
   * that name only when complete; a failed or aborted write leaves nothing behind.
   */
  write(source: Readable, path: string): Promise<{ path: string; size: number }>;
  /**
   * Size of a stored file, or null when the path is not a stored file. Throws
   * UnreadableMediaError for a file that exists but cannot be decrypted (no key for it).
   */
  size(path: string): Promise<number | null>;
  /** The plaintext, whole or a byte range; a missing or unreadable file fails the stream. */
  read(path: string, range?: ByteRange): Readable;
  remove(path: string): Promise<void>;
  /** Deletes partial uploads left by a process that died mid-upload (on this instance's disk). */
  cleanupIncoming(): Promise<number>;
  /** Writes, reads back and removes a small file: throws unless the store works (readiness). */
  probe(): Promise<void>;
}

/**
 * A file written in sealed parts over many requests, on any instance (resumable uploads): it
 * appears under its path only when completed, so finishing is a commit, not a copy.
 */
export interface FileParts {
  /** Sealed chunks in each part but the last (S3 takes no part under 5 MiB but the last). */
  chunksPerPart: number;
  /**
   * Whether a part may hold fewer chunks anywhere in the file (the disk, where each part is
   * written at its place): a PATCH then writes all it sealed, and the database keeps none.
   */
  anySize: boolean;
  /** Starts the file under `path`; the store's name for its parts. */
  begin(path: string): Promise<string>;
  /**
   * Writes part `number` (from 1), `position` bytes into the sealed file; writing a part again
   * replaces it. Resolves with its tag (an S3 ETag). On a store of parts of any size (the disk)
   * the part may still sit in the machine's memory: `sync` makes it durable.
   */
  put(
    path: string,
    partsId: string,
    part: { number: number; position: number; pieces: Buffer[] },
  ): Promise<string>;
  /** Every part written so far survives a crash of the machine, not only of the process. */
  sync(path: string, partsId: string): Promise<void>;
  /** The request writing parts is done for now: what the store held open for it is closed. */
  release(partsId: string): Promise<void>;
  /** The file appears under `path`, made of the parts; done again, it changes nothing. */
  complete(path: string, partsId: string, tags: string[]): Promise<void>;
  /** Removes the parts of a file that will not be completed. */
  abort(path: string, partsId: string): Promise<void>;
}

export interface MediaStore extends StoredFiles {
  keys: MediaKeyring;
  parts: FileParts;
}

export class InvalidMediaPathError extends Error {}

/** No upload takes a day; a partial file that old is left over whatever its writer. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return pid === process.pid;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes every byte of `pieces` at `position` (a write may take fewer bytes than offered). */
async function writeAll(handle: FileHandle, pieces: Buffer[], position: number): Promise<void> {
  for (let left = pieces; left.length > 0;) {
    const { bytesWritten } = await handle.writev(left, position);
    position += bytesWritten;
    left = dropBytes(left, bytesWritten);
  }
}

function dropBytes(pieces: Buffer[], count: number): Buffer[] {
  const rest = [...pieces];
  while (rest.length > 0 && count >= rest[0]!.length) count -= rest.shift()!.length;
  if (count > 0) rest[0] = rest[0]!.subarray(count);
  return rest;
}

/** Bytes start..end (inclusive) of an open file, a few chunks per read. */
async function* readBytes(handle: FileHandle, start: number, end: number): AsyncGenerator<Buffer> {
  for (let position = start; position <= end;) {
    const buffer = Buffer.alloc(Math.min(READ_BYTES, end - position + 1));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
    position += bytesRead;
  }
}
const READ_BYTES = 256 * 1024;

/** The header and encrypted size of an open sealed file. */
async function sealedFile(handle: FileHandle): Promise<{ header: SealedHeader; size: number }> {
  const { size } = await handle.stat();
  const head = Buffer.alloc(MAX_HEADER_BYTES);
  const { bytesRead } = await handle.read(head, 0, MAX_HEADER_BYTES, 0);
  return { header: parseHeader(head.subarray(0, bytesRead)), size };
}

/** The partial files of resumable uploads: one per upload, each part written at its place. */
function diskParts(root: string, locate: (path: string) => string): FileParts {
  // A dot folder, like `.incoming`: never a stored file, left out of backups.
  const staging = join(root, '.staging');
  const fileOf = (partsId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(partsId)) throw new InvalidMediaPathError(partsId);
    return join(staging, `${partsId}.part`);
  };
  // The file a PATCH writes stays open until the PATCH ends (`release`), not opened again for
  // each MiB it writes, a few at a time.
  const opened = new Map<string, Promise<FileHandle>>();
  const handleOf = (partsId: string): Promise<FileHandle> => {
    let handle = opened.get(partsId);
    if (!handle) {
      handle = open(fileOf(partsId), 'r+');
      opened.set(partsId, handle);
    }
    return handle;
  };
  return {
    // A part is written where it belongs, of any size, as soon as it is sealed (while the next
    // bytes arrive); the file is fsynced and its offset recorded once per 8 MiB, not per MiB.
    chunksPerPart: 8,
    anySize: true,
    async begin() {
      await mkdir(staging, { recursive: true, mode: 0o700 });
      const partsId = randomUUID();
      await writeFile(fileOf(partsId), '', { mode: 0o600, flag: 'wx' });
      return partsId;
    },
    async put(_path, partsId, { position, pieces }) {
      await writeAll(await handleOf(partsId), pieces, position);
      return '';
    },
    async sync(_path, partsId) {
      await (await handleOf(partsId)).sync();
    },
    async release(partsId) {
      const handle = opened.get(partsId);
      opened.delete(partsId);
      await (await handle?.catch(() => null))?.close();
    },
    async complete(path, partsId) {
      const file = locate(path);
      await rename(fileOf(partsId), file).catch(async (error: NodeJS.ErrnoException) => {
        // Completed before, and the reply lost: the file is there already.
        if (error.code === 'ENOENT' && (await stat(file).catch(() => null))) return;
        throw error;
      });
    },
    async abort(_path, partsId) {
      await rm(fileOf(partsId), { force: true });
    },
  };
}

/**
 * Files in a folder outside anything served statically, reachable only through API routes, and
 * encrypted at rest with the media key: decrypted only while streamed to an authorised reader.
 */
export function createLocalMediaStore(rootDir: string, keys: MediaKeyring): MediaStore {
  const root = resolve(rootDir);
  const incoming = join(root, '.incoming');

  const locate = (path: string): string => {
    if (!MEDIA_PATH_PATTERN.test(path)) throw new InvalidMediaPathError(path);
    const file = resolve(root, mediaFileName(path));
    if (!file.startsWith(root + sep)) throw new InvalidMediaPathError(path);
    return file;
  };

  return {
    keys,
    parts: diskParts(root, locate),
    async write(source, path) {
      const file = locate(path);
      await mkdir(incoming, { recursive: true });
      // The writer's pid in the name tells a later start whether the upload can still finish.
      const partial = join(incoming, `${process.pid}-${mediaFileName(path)}.part`);
      // Opened while the first MiB arrives; the source is read from now on, so that its failure
      // (an aborted request) is the write's. A failed open fails the first chunk's write.
      const opened = open(partial, 'wx', 0o600);
      const handle = opened.catch(() => null);
      try {
        const size = await sealStream(source, keys.current, async (pieces, position) =>
          writeAll(await opened, pieces, position),
        );
        await (await opened).close();
        await rename(partial, file);
        return { path, size };
      } catch (error) {
        // No write is running any more (sealStream waits for them): the partial file can go.
        const written = await handle;
        if (written) {
          await written.close().catch(() => undefined);
          await rm(partial, { force: true });
        }
        throw error;
      }
    },
    async size(path) {
      const file = locate(path);
      const handle = await open(file, 'r').catch(() => null);
      if (!handle) return null;
      try {
        if (!(await handle.stat()).isFile()) return null;
        const { header, size } = await sealedFile(handle);
        requireKeyFor(header, keys);
        return plaintextSize(size, header);
      } finally {
        await handle.close();
      }
    },
    read(path, range) {
      const file = locate(path);
      async function* plaintext(): AsyncGenerator<Buffer> {
        const handle = await open(file, 'r');
        try {
          const { header, size } = await sealedFile(handle);
          const span = sealedSpan(header, size, range);
          if (!span) return;
          yield* decryptSpan(readBytes(handle, span.start, span.end), keys, span);
        } finally {
          await handle.close();
        }
      }
      return Readable.from(plaintext(), { objectMode: false });
    },
    async remove(path) {
      await rm(locate(path), { force: true });
    },
    async cleanupIncoming() {
      const names = await readdir(incoming).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const pid = Number.parseInt(name, 10);
        const file = join(incoming, name);
        const age = Date.now() - (await stat(file).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
        if (!isRunning(pid) || age > STALE_UPLOAD_MS) {
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    async probe() {
      await mkdir(incoming, { recursive: true });
      // Named like a partial upload of this process, so a crash mid-probe is cleaned up too.
      const file = join(incoming, `${process.pid}-readiness-${randomUUID()}.part`);
      const content = randomUUID();
      try {
        await writeFile(file, content, { mode: 0o600 });
        if ((await readFile(file, 'utf8')) !== content) throw new Error('media store read back');
      } finally {
        await rm(file, { force: true });
      }
    },
  };
}
