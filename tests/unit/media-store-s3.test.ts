import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, UnreadableMediaError } from '../../src/server/modules/media/chunked-cipher';
import { mediaKeyId, mediaKeyring } from '../../src/server/modules/media/media-keys';
import {
  createLocalMediaStore,
  InvalidMediaPathError,
  newMediaPath,
  type StoredFiles,
} from '../../src/server/modules/media/media-store';
import { createS3Client, createS3MediaStore } from '../../src/server/modules/media/s3-media-store';
import { LEGACY_CHUNK, legacySealedFile } from '../helpers/legacy-media';
import { startS3Server } from '../helpers/s3-server';

let s3: Awaited<ReturnType<typeof startS3Server>>;
const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let store: StoredFiles;

beforeAll(async () => {
  s3 = await startS3Server();
  store = createS3MediaStore(s3.settings, mediaKeyring(oldKey));
});
afterAll(() => s3.close());

const write = (bytes: Buffer, extension: 'jpg' | 'mp4' = 'mp4', on = store) =>
  on.write(Readable.from([bytes]), newMediaPath(extension));

describe('media in an S3-compatible bucket', () => {
  for (const size of [0, 1, CHUNK_BYTES, 3 * CHUNK_BYTES + 777]) {
    it(`gives back exactly the ${size} bytes it was given`, async () => {
      const original = randomBytes(size);
      const { path, size: stored } = await write(original);
      expect(stored).toBe(size);
      expect(await store.size(path)).toBe(size);
      expect((await buffer(store.read(path))).equals(original)).toBe(true);
    });
  }

  it('streams a file larger than one multipart part and reads any range of it', async () => {
    const original = randomBytes(9 * 1024 * 1024 + 4321);
    const { path, size } = await write(original);
    expect(size).toBe(original.length);
    expect((await buffer(store.read(path))).equals(original)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 10],
      [8 * 1024 * 1024 - 3, 8 * 1024 * 1024 + 70_000],
      [original.length - 100, original.length - 1],
    ] as const) {
      const part = await buffer(store.read(path, { start, end }));
      expect(part.equals(original.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('keeps only sealed bytes in the bucket, with the key id in the object metadata', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]);
    const { path } = await write(jpeg, 'jpg');
    expect(await s3.objectNames()).toContain(path);
    const { bytes, metadata } = await s3.rawObject(path);
    expect(bytes.includes(jpeg.subarray(0, 8))).toBe(false);
    expect(bytes.includes(jpeg.subarray(1000, 1032))).toBe(false);
    expect(metadata['key-id']).toBe(mediaKeyId(oldKey).toString('hex'));
  });

  it('reads an object written in 64 KiB chunks, before the header named the chunk size', async () => {
    const original = randomBytes(3 * LEGACY_CHUNK + 777);
    const path = newMediaPath('mp4');
    await createS3Client(s3.settings).send(
      new PutObjectCommand({
        Bucket: s3.settings.bucket,
        Key: path,
        Body: legacySealedFile(original, oldKey, 'CMD2'),
      }),
    );
    expect(await store.size(path)).toBe(original.length);
    expect((await buffer(store.read(path))).equals(original)).toBe(true);
    const [start, end] = [LEGACY_CHUNK - 10, 2 * LEGACY_CHUNK + 10];
    const part = await buffer(store.read(path, { start, end }));
    expect(part.equals(original.subarray(start, end + 1))).toBe(true);
  });

  it('says a missing object is missing: null size, and a failing read rather than a crash', async () => {
    const path = newMediaPath('mp4');
    expect(await store.size(path)).toBeNull();
    await expect(buffer(store.read(path))).rejects.toThrow();
    await store.remove(path); // removing what is not there is no error
  });

  it('removes an object', async () => {
    const { path } = await write(randomBytes(100));
    await store.remove(path);
    expect(await store.size(path)).toBeNull();
    expect(await s3.objectNames()).not.toContain(path);
  });

  it('leaves no object behind when the upload stream fails midway', async () => {
    const before = await s3.objectNames();
    let sent = 0;
    const failing = new Readable({
      read() {
        // Past one multipart part, so a multipart upload is under way when it fails.
        if (sent > 10 * 1024 * 1024) return this.destroy(new Error('connection reset'));
        sent += 1024 * 1024;
        this.push(randomBytes(1024 * 1024));
      },
    });
    await expect(store.write(failing, newMediaPath('webm'))).rejects.toThrow('connection reset');
    expect(await s3.objectNames()).toEqual(before);
  });

  it('refuses names outside the media folder', async () => {
    for (const path of ['../secret', 'media/../x.jpg', 'readiness/x', 'media/x.jpg']) {
      expect(() => store.read(path)).toThrow(InvalidMediaPathError);
      await expect(store.size(path)).rejects.toThrow(InvalidMediaPathError);
    }
  });

  it('passes its readiness probe, and fails it when the bucket is gone', async () => {
    await store.probe();
    expect((await s3.objectNames()).filter((name) => name.startsWith('readiness/'))).toEqual([]);
    const elsewhere = createS3MediaStore(
      { ...s3.settings, bucket: 'no-such-bucket' },
      mediaKeyring(oldKey),
    );
    await expect(elsewhere.probe()).rejects.toThrow();
  });
});

describe('key rotation', () => {
  let diskDir: string;
  beforeAll(async () => {
    diskDir = await mkdtemp(join(tmpdir(), 'cmd-rotation-'));
  });
  afterAll(() => rm(diskDir, { recursive: true, force: true }));

  const stores = {
    s3: (keys: ReturnType<typeof mediaKeyring>) => createS3MediaStore(s3.settings, keys),
    disk: (keys: ReturnType<typeof mediaKeyring>) => createLocalMediaStore(diskDir, keys),
  };
  for (const [name, open] of Object.entries(stores)) {
    it(`${name}: new files use the new key, older ones stay readable with the old key`, async () => {
      const before = randomBytes(3 * CHUNK_BYTES + 5);
      const { path: oldPath } = await write(before, 'mp4', open(mediaKeyring(oldKey)));

      const rotated = open(mediaKeyring(newKey, [oldKey]));
      const after = randomBytes(2000);
      const { path: newPath } = await write(after, 'jpg', rotated);
      expect((await buffer(rotated.read(oldPath))).equals(before)).toBe(true);
      expect(
        (await buffer(rotated.read(oldPath, { start: CHUNK_BYTES, end: CHUNK_BYTES + 9 }))).equals(
          before.subarray(CHUNK_BYTES, CHUNK_BYTES + 10),
        ),
      ).toBe(true);
      expect((await buffer(rotated.read(newPath))).equals(after)).toBe(true);

      // The new file is sealed with the new key only: the old key alone cannot open it.
      await expect(open(mediaKeyring(oldKey)).size(newPath)).rejects.toThrow(UnreadableMediaError);
      // Once the old key is dropped, the old file is unreadable, and says so.
      const forgotten = open(mediaKeyring(newKey));
      await expect(forgotten.size(oldPath)).rejects.toThrow(UnreadableMediaError);
      await expect(buffer(forgotten.read(oldPath))).rejects.toThrow(UnreadableMediaError);
    });
  }
});
