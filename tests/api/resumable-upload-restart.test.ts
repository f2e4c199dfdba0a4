import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BYTES } from '../helpers/multipart';
import { firstQuestionOfType } from '../helpers/seed-answers';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../helpers/server-process';
import { insertSignedInPatient } from '../helpers/signed-in-patient';
import { uploadMetadata } from '../helpers/tus';

/**
 * One instance on its disk (the default store and the embedded database): a resumable upload
 * survives the server being killed (SIGKILL) mid-upload; the restarted server answers the offset
 * it acknowledged and takes the rest.
 */
const MiB = 1024 * 1024;
const MARKER = Buffer.from('PLAINTEXT-ON-DISK-5c2e');

describe('a resumable upload on the disk store', () => {
  it('resumes after the server is killed, from the acknowledged offset, byte for byte', async () => {
    const dataDir = await newDataDir();
    const secret = randomBytes(32).toString('base64url');
    const env = { JWT_SECRET: secret, MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
    const { headers, videoId } = await withDataDirDatabase(dataDir, async (db) => ({
      headers: (await insertSignedInPatient(db, secret, 'disk@example.org')).headers,
      videoId: (await firstQuestionOfType(db, 'video')).id,
    }));
    const tus = { authorization: headers.authorization, 'tus-resumable': '1.0.0' };
    const bytes = randomBytes(5 * MiB + 777);
    SAMPLE_BYTES.webm(16).copy(bytes, 0, 0, 12);
    for (let at = 4096; at + MARKER.length < bytes.length; at += 128 * 1024) MARKER.copy(bytes, at);

    let server = await startServer({ dataDir, env });
    try {
      const created = await fetch(`${server.baseUrl}/api/survey/uploads`, {
        method: 'POST',
        headers: {
          ...tus,
          'upload-length': String(bytes.length),
          'upload-metadata': uploadMetadata({ questionId: String(videoId) }),
        },
      });
      expect(created.status).toBe(201);
      const path = created.headers.get('location')!;
      const patch = (offset: number, part: Buffer) =>
        fetch(`${server.baseUrl}${path}`, {
          method: 'PATCH',
          headers: {
            ...tus,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: new Uint8Array(part),
        });
      // 2.5 MiB acknowledged in parts of 640 KiB (a chunk and a half ends mid-chunk).
      const acknowledged = 4 * 640 * 1024;
      for (let offset = 0; offset < acknowledged; offset += 640 * 1024) {
        expect((await patch(offset, bytes.subarray(offset, offset + 640 * 1024))).status).toBe(204);
      }
      await server.stop('SIGKILL');

      // Nothing on the disk is plaintext: not the sealed parts, not the database's files.
      const plaintext: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const file = join(dir, entry.name);
          if (entry.isDirectory()) await walk(file);
          else if ((await readFile(file)).includes(MARKER)) plaintext.push(file);
        }
      };
      await walk(dataDir);
      expect(plaintext).toEqual([]);

      server = await startServer({ dataDir, env });
      const head = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD', headers: tus });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(acknowledged));
      const rest = await patch(acknowledged, bytes.subarray(acknowledged));
      expect(rest.status).toBe(200);
      const { mediaPath } = (await rest.json()) as { mediaPath: string };
      const played = await fetch(`${server.baseUrl}/api/survey/media/${mediaPath}`, {
        headers: { authorization: headers.authorization },
      });
      expect(Buffer.from(await played.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      await server.stop('SIGKILL');
      await removeDataDir(dataDir);
    }
  }, 120_000);
});
