import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CHUNK_BYTES,
  HEADER_BYTES,
  UnreadableMediaError,
} from '../../src/server/modules/media/chunked-cipher';
import {
  createLocalMediaStore,
  InvalidMediaPathError,
  newMediaPath,
  type MediaStore,
} from '../../src/server/modules/media/media-store';
import { mediaKeyring } from '../../src/server/modules/media/media-keys';
import { LEGACY_CHUNK, legacySealedFile } from '../helpers/legacy-media';

const key = randomBytes(32);
let dir: string;
let store: MediaStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-'));
  store = createLocalMediaStore(dir, mediaKeyring(key));
});

const fileOnDisk = async (path: string) => readFile(join(dir, path.slice('media/'.length)));

describe('media store, encrypted at rest', () => {
  for (const size of [0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 777]) {
    it(`gives back exactly the ${size} bytes it was given`, async () => {
      const original = randomBytes(size);
      const { path, size: stored } = await store.write(
        Readable.from([original]),
        newMediaPath('webm'),
      );
      expect(stored).toBe(size);
      expect(await store.size(path)).toBe(size);
      expect((await buffer(store.read(path))).equals(original)).toBe(true);
    });
  }

  it('never stores the original bytes of a photo', async () => {
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('JFIF'),
      randomBytes(5000),
    ]);
    const { path } = await store.write(Readable.from([jpeg]), newMediaPath('jpg'));
    const disk = await fileOnDisk(path);
    expect(disk.includes(jpeg.subarray(0, 8))).toBe(false);
    expect(disk.includes(jpeg.subarray(1000, 1032))).toBe(false);
    expect((await buffer(store.read(path))).equals(jpeg)).toBe(true);
  });

  it('decrypts any byte range, across chunk boundaries, without the rest', async () => {
    const original = randomBytes(4 * CHUNK_BYTES + 123);
    const { path } = await store.write(Readable.from([original]), newMediaPath('mp4'));
    const ranges = [
      [0, 0],
      [0, 99],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 10],
      [2 * CHUNK_BYTES, 2 * CHUNK_BYTES],
      [CHUNK_BYTES + 5, 4 * CHUNK_BYTES + 122],
      [4 * CHUNK_BYTES + 100, 4 * CHUNK_BYTES + 122],
    ] as const;
    for (const [start, end] of ranges) {
      const part = await buffer(store.read(path, { start, end }));
      expect(part.equals(original.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('refuses a file that was tampered with or cut short', async () => {
    const original = randomBytes(3 * CHUNK_BYTES);
    const { path } = await store.write(Readable.from([original]), newMediaPath('webm'));
    const file = join(dir, path.slice('media/'.length));
    const disk = await readFile(file);
    disk[HEADER_BYTES + 10]! ^= 1;
    await writeFile(file, disk);
    await expect(buffer(store.read(path))).rejects.toThrow();

    const second = await store.write(Readable.from([original]), newMediaPath('webm'));
    const secondFile = join(dir, second.path.slice('media/'.length));
    await truncate(secondFile, HEADER_BYTES + 2 * (CHUNK_BYTES + 16));
    await expect(buffer(store.read(second.path))).rejects.toThrow();
  });

  it('leaves nothing behind when the upload stream fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(100_000));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.write(failing, newMediaPath('webm'))).rejects.toThrow('connection reset');
    const files = (await readdir(dir, { recursive: true })).filter((f) => !f.endsWith('.incoming'));
    expect(files).toEqual([]);
  });

  it('refuses paths outside the store', async () => {
    for (const path of [
      '../secret',
      'media/../../etc/passwd',
      '/etc/passwd',
      'media/x.jpg',
      'media/%2e%2e/x',
    ]) {
      expect(() => store.read(path)).toThrow(InvalidMediaPathError);
      await expect(store.size(path)).rejects.toThrow(InvalidMediaPathError);
    }
  });

  it('cannot read files with another key', async () => {
    const { path } = await store.write(Readable.from([randomBytes(1000)]), newMediaPath('jpg'));
    const other = createLocalMediaStore(dir, mediaKeyring(randomBytes(32)));
    await expect(buffer(other.read(path))).rejects.toThrow();
  });
});

describe('partial uploads', () => {
  it('are removed at start when their writer is gone, and kept while it runs', async () => {
    const incoming = join(dir, '.incoming');
    await import('node:fs/promises').then((fs) => fs.mkdir(incoming, { recursive: true }));
    await writeFile(join(incoming, `999999999-${'a'.repeat(36)}.webm.part`), 'partial');
    await writeFile(join(incoming, `${process.pid}-${'b'.repeat(36)}.webm.part`), 'in progress');
    expect(await store.cleanupIncoming()).toBe(1);
    expect(await readdir(incoming)).toEqual([`${process.pid}-${'b'.repeat(36)}.webm.part`]);
  });
});

describe('files written in 64 KiB chunks, before the header named the chunk size', () => {
  const writeLegacy = async (plain: Buffer, layout: 'CMD1' | 'CMD2') => {
    const path = newMediaPath('mp4');
    await writeFile(join(dir, path.slice('media/'.length)), legacySealedFile(plain, key, layout));
    return path;
  };

  it('are read whole and by byte range, and refused when tampered with or cut short', async () => {
    const original = randomBytes(3 * LEGACY_CHUNK + 777);
    const path = await writeLegacy(original, 'CMD2');
    expect(await store.size(path)).toBe(original.length);
    expect((await buffer(store.read(path))).equals(original)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [LEGACY_CHUNK - 10, LEGACY_CHUNK + 10],
      [2 * LEGACY_CHUNK + 1, 3 * LEGACY_CHUNK + 776],
    ] as const) {
      const part = await buffer(store.read(path, { start, end }));
      expect(part.equals(original.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }

    const file = join(dir, path.slice('media/'.length));
    const disk = await readFile(file);
    await truncate(file, disk.length - (777 + 16));
    await expect(buffer(store.read(path))).rejects.toThrow();
    disk[LEGACY_CHUNK + 100]! ^= 1;
    await writeFile(file, disk);
    await expect(buffer(store.read(path))).rejects.toThrow();
  });

  it('without a key id are read with whichever configured key sealed them', async () => {
    const original = randomBytes(2 * LEGACY_CHUNK + 9);
    const path = await writeLegacy(original, 'CMD1');
    const rotated = createLocalMediaStore(dir, mediaKeyring(randomBytes(32), [key]));
    expect(await rotated.size(path)).toBe(original.length);
    expect((await buffer(rotated.read(path))).equals(original)).toBe(true);
    const part = await buffer(
      rotated.read(path, { start: LEGACY_CHUNK + 1, end: LEGACY_CHUNK + 4 }),
    );
    expect(part.equals(original.subarray(LEGACY_CHUNK + 1, LEGACY_CHUNK + 5))).toBe(true);
    const stranger = createLocalMediaStore(dir, mediaKeyring(randomBytes(32)));
    await expect(buffer(stranger.read(path))).rejects.toThrow(/no configured key/);
  });
});

describe('the file header', () => {
  it('names the chunk size, and a reader refuses one it would have to hold too much of', async () => {
    const original = randomBytes(CHUNK_BYTES + 1);
    const { path } = await store.write(Readable.from([original]), newMediaPath('webm'));
    const file = join(dir, path.slice('media/'.length));
    const disk = await readFile(file);
    expect(disk.subarray(0, 4).toString()).toBe('CMD3');
    expect(disk.readUInt32BE(12)).toBe(CHUNK_BYTES);
    expect(disk.length).toBe(HEADER_BYTES + original.length + 2 * 16);
    disk.writeUInt32BE(1024 * 1024 * 1024, 12);
    await writeFile(file, disk);
    await expect(store.size(path)).rejects.toThrow(UnreadableMediaError);
    await expect(buffer(store.read(path))).rejects.toThrow(/chunk size/);
  });
});
