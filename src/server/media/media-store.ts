import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDecryptStream, createEncryptStream, plaintextSize } from './chunked-cipher';

/** Media paths as stored in answers: "media/<uuid>.<ext>", nothing else. */
export const MEDIA_PATH_PATTERN = /^media\/[0-9a-f-]{36}\.(jpg|png|webm|mp4)$/;

export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /**
   * Streams an upload into the store under a server-chosen name. The file appears under its
   * final name only when complete; a failed or aborted write leaves nothing behind.
   */
  write(
    source: Readable,
    extension: 'jpg' | 'png' | 'webm' | 'mp4',
  ): Promise<{ path: string; size: number }>;
  /** Size of a stored file, or null when the path is not a stored file. */
  size(path: string): Promise<number | null>;
  read(path: string, range?: ByteRange): Readable;
  remove(path: string): Promise<void>;
}

export class InvalidMediaPathError extends Error {}

/**
 * Files in a folder outside anything served statically, reachable only through API routes, and
 * encrypted at rest with the media key: decrypted only while streamed to an authorised reader.
 */
export function createLocalMediaStore(rootDir: string, key: Buffer): MediaStore {
  const root = resolve(rootDir);
  const incoming = join(root, '.incoming');

  const locate = (path: string): string => {
    if (!MEDIA_PATH_PATTERN.test(path)) throw new InvalidMediaPathError(path);
    const file = resolve(root, path.slice('media/'.length));
    if (!file.startsWith(root + sep)) throw new InvalidMediaPathError(path);
    return file;
  };

  return {
    async write(source, extension) {
      await mkdir(incoming, { recursive: true });
      const name = `${randomUUID()}.${extension}`;
      const partial = join(incoming, name);
      let size = 0;
      const counter = new PassThrough();
      counter.on('data', (chunk: Buffer) => (size += chunk.length));
      try {
        await pipeline(
          source,
          counter,
          createEncryptStream(key),
          createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
        );
        await rename(partial, join(root, name));
        return { path: `media/${name}`, size };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async size(path) {
      try {
        const info = await stat(locate(path));
        return info.isFile() ? plaintextSize(info.size) : null;
      } catch (error) {
        if (error instanceof InvalidMediaPathError) throw error;
        return null;
      }
    },
    read(path, range) {
      return createDecryptStream(locate(path), key, range);
    },
    async remove(path) {
      await rm(locate(path), { force: true });
    },
  };
}
