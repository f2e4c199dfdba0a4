import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { resumableUploads } from '../../src/server/schema';
import { SAMPLE_BYTES } from '../helpers/multipart';
import { startRoundRobinProxy } from '../helpers/round-robin-proxy';
import { startS3Server } from '../helpers/s3-server';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { removeDataDir, startServer, type ServerProcess } from '../helpers/server-process';
import { createThrowawayDatabase, postgresAnswers } from '../helpers/shared-postgres';
import { insertSignedInPatient } from '../helpers/signed-in-patient';
import { uploadMetadata, uploadWithTusClient } from '../helpers/tus';

/**
 * Two server processes on one PostgreSQL and one S3 server, behind a round-robin proxy with no
 * affinity, as deployed: resumable uploads with the survey's own client complete whichever
 * instance each request reaches, with an instance killed or the store down in the middle, and
 * nothing in the bucket is ever plaintext.
 */
const reachable = await postgresAnswers();
const MiB = 1024 * 1024;
/** Written all through the uploaded bytes: it must never show up in the bucket. */
const MARKER = Buffer.from('PLAINTEXT-HEALTH-DATA-7f3a91');

let s3: Awaited<ReturnType<typeof startS3Server>>;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let database: Database;
let servers: ServerProcess[] = [];
let env: Record<string, string>;
const secret = randomBytes(32).toString('base64url');
let counter = 0;
/** A video stored earlier, to play back during the outage. */
let stored: { headers: Record<string, string>; path: string } | null = null;

/** Bytes of a photo or video by their first bytes, random after, the marker every 256 KiB. */
function mediaBytes(kind: 'jpeg' | 'webm', size: number): Buffer {
  const bytes = randomBytes(size);
  SAMPLE_BYTES[kind](16).copy(bytes, 0, 0, 12);
  for (let at = 4096; at + MARKER.length < size; at += 256 * 1024) MARKER.copy(bytes, at);
  return bytes;
}

async function patient() {
  counter += 1;
  const { headers } = await insertSignedInPatient(
    database.db,
    secret,
    `tus-${counter}@cluster.example.org`,
  );
  return { authorization: headers.authorization };
}

/** Every file the S3 server holds (objects and multipart parts alike) that contains the marker. */
async function plaintextInBucket(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if ((await readFile(path)).includes(MARKER)) found.push(path);
    }
  };
  await walk(s3.directory);
  return found;
}

async function playedBack(headers: Record<string, string>, path: string): Promise<Buffer> {
  const reply = await fetch(`${proxy.url}/api/survey/media/${path}`, { headers });
  expect(reply.status).toBe(200);
  return Buffer.from(await reply.arrayBuffer());
}

const endpoint = () => `${proxy.url}/api/survey/uploads`;

describe.runIf(reachable)(
  'resumable uploads through a round-robin proxy over two instances',
  () => {
    beforeAll(async () => {
      s3 = await startS3Server();
      throwaway = await createThrowawayDatabase('cmd_tus');
      env = {
        ...s3.env,
        DATABASE_URL: throwaway.url,
        JWT_SECRET: secret,
        MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        MEDIA_MAX_BYTES: String(40 * MiB),
        MEDIA_QUOTA_BYTES: String(400 * MiB),
        MEDIA_QUOTA_FILES: '50',
      };
      servers = await Promise.all([startServer({ env }), startServer({ env })]);
      proxy = await startRoundRobinProxy(servers.map((server) => server.baseUrl));
      database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2 });
    }, 120_000);
    afterAll(async () => {
      await proxy?.close();
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await database?.close();
      await throwaway?.drop();
      await s3?.close();
      await Promise.all(servers.map((server) => removeDataDir(server.dataDir)));
    });

    it('complete a photo and a 30 MB video sent in small parts, each byte for byte', async () => {
      const headers = await patient();
      const photo = await firstQuestionOfType(database.db, 'photo');
      const video = await firstQuestionOfType(database.db, 'video');
      const instances = new Set<string>();
      for (const [question, bytes, filetype, chunkSize] of [
        [photo, mediaBytes('jpeg', 3 * MiB), 'image/jpeg', 256 * 1024],
        [video, mediaBytes('webm', 30 * MiB), 'video/webm', MiB],
      ] as const) {
        const { status, body } = await uploadWithTusClient(endpoint(), bytes, {
          headers,
          questionId: question.id,
          filetype,
          chunkSize,
          onResponse: (method, code) => instances.add(`${method} ${code}`),
        });
        expect(status).toBe(200);
        const { mediaPath } = body as { mediaPath: string };
        expect((await playedBack(headers, mediaPath)).equals(bytes)).toBe(true);
        expect(await s3.objectNames()).toContain(mediaPath);
        stored = { headers, path: mediaPath };
      }
      // Every PATCH was taken: no 404 from an instance that did not create the upload.
      expect(
        [...instances].filter((seen) => !/^(POST 201|PATCH 204|PATCH 200)$/.test(seen)),
      ).toEqual([]);
      expect(await plaintextInBucket()).toEqual([]);
    }, 120_000);

    it('finish an upload through the other instance when one is killed (SIGKILL) mid-upload', async () => {
      const headers = await patient();
      const video = await firstQuestionOfType(database.db, 'video');
      const bytes = mediaBytes('webm', 10 * MiB);
      let killed: Promise<void> | null = null;
      let partsWhenKilled: Promise<string[]> | null = null;
      const { status, body } = await uploadWithTusClient(endpoint(), bytes, {
        headers,
        questionId: video.id,
        filetype: 'video/webm',
        chunkSize: 512 * 1024,
        onProgress: (sent) => {
          if (sent < 6 * MiB || killed) return;
          killed = servers[0]!.stop('SIGKILL');
          // Parts of the unfinished upload are in the bucket now: sealed too.
          partsWhenKilled = killed.then(plaintextInBucket);
        },
      });
      expect(killed).not.toBeNull();
      expect(status).toBe(200);
      const { mediaPath } = body as { mediaPath: string };
      expect((await playedBack(headers, mediaPath)).equals(bytes)).toBe(true);
      expect(await partsWhenKilled).toEqual([]);

      // The killed instance comes back (as its supervisor would restart it).
      servers[0] = await startServer({ env, dataDir: servers[0]!.dataDir });
      proxy.setTargets(servers.map((server) => server.baseUrl));
    }, 120_000);

    it('wait out an S3 outage mid-upload: 503 with Retry-After on uploads only, ready all along, then resume', async () => {
      const headers = await patient();
      const video = await firstQuestionOfType(database.db, 'video');
      const bytes = mediaBytes('webm', 10 * MiB);
      let outage: Promise<void> | null = null;
      const refused: string[] = [];
      const upload = uploadWithTusClient(endpoint(), bytes, {
        headers,
        questionId: video.id,
        filetype: 'video/webm',
        chunkSize: 512 * 1024,
        onProgress: (sent) => {
          if (sent >= 4 * MiB && !outage) outage = s3.stop();
        },
        onResponse: (method, status, { retryAfter }) => {
          if (status === 503) refused.push(`${method} ${retryAfter}`);
        },
      });
      try {
        while (!outage) await new Promise((resolve) => setTimeout(resolve, 50));
        await outage;
        // The outage lasts until an upload has been refused for it, and a while longer.
        for (let i = 0; i < 200 && refused.length < 2; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(refused.length).toBeGreaterThanOrEqual(2);
        expect(refused.every((seen) => /^PATCH \d+$/.test(seen))).toBe(true);
        for (const server of servers) {
          // Paying, answering and reviewing need no S3: every instance stays in the balancer.
          const ready = await fetch(`${server.baseUrl}/api/health/ready`);
          expect(ready.status).toBe(200);
          const details = await (await fetch(`${server.baseUrl}/api/health`)).json();
          expect(details.checks.media.ok).toBe(false);
          expect(details.checks.database.ok).toBe(true);
        }
        // The survey still answers through the proxy while the store is down; playback waits.
        const survey = await fetch(`${proxy.url}/api/survey/questions`, { headers });
        expect(survey.status).toBe(200);
        const playback = await fetch(`${proxy.url}/api/survey/media/${stored!.path}`, {
          headers: stored!.headers,
        });
        expect(playback.status).toBe(503);
        expect(playback.headers.get('retry-after')).toBe('30');
      } finally {
        // However the checks went, the store comes back and the upload can end.
        await s3.restart();
      }
      const { status, body } = await upload;
      expect(status).toBe(200);
      const { mediaPath } = body as { mediaPath: string };
      expect((await playedBack(headers, mediaPath)).equals(bytes)).toBe(true);
      expect(await plaintextInBucket()).toEqual([]);
    }, 120_000);

    /** Creates a resumable upload of `length` bytes for the question; its URL via the proxy. */
    async function createdUpload(
      headers: Record<string, string>,
      questionId: number,
      length: number,
    ): Promise<string> {
      const created = await fetch(endpoint(), {
        method: 'POST',
        headers: {
          ...headers,
          'upload-length': String(length),
          'upload-metadata': uploadMetadata({ questionId: String(questionId) }),
        },
      });
      expect(created.status).toBe(201);
      return `${proxy.url}${created.headers.get('location')}`;
    }

    function patchAt(
      location: string,
      headers: Record<string, string>,
      offset: number,
      part: Buffer,
    ): Promise<Response> {
      return fetch(location, {
        method: 'PATCH',
        headers: {
          ...headers,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(part),
      });
    }

    it('write what a PATCH of a part or more brings as parts, keeping no sealed chunk in the database', async () => {
      const headers = { ...(await patient()), 'tus-resumable': '1.0.0' };
      const video = await firstQuestionOfType(database.db, 'video');
      const bytes = mediaBytes('webm', 15 * MiB + 7);
      const location = await createdUpload(headers, video.id, bytes.length);
      const id = location.split('/').pop()!;
      const patch = (from: number, to: number) =>
        patchAt(location, headers, from, bytes.subarray(from, to));
      const row = async () =>
        (await database.db.select().from(resumableUploads)).find((upload) => upload.id === id)!;

      // 11 chunks: parts of 5 and 6 (a part's worth held back until the end), none left over.
      expect((await patch(0, 11 * MiB)).status).toBe(204);
      expect(await row()).toMatchObject({ offset: 11 * MiB, pending: null, tail: null });
      expect((await row()).parts).toHaveLength(2);
      // Fewer chunks than a part: S3 takes no such part but the last, the database keeps them.
      expect((await patch(11 * MiB, 14 * MiB)).status).toBe(204);
      expect((await row()).pending?.length).toBe(3 * (MiB + 16));
      const last = await patch(14 * MiB, bytes.length);
      expect(last.status).toBe(200);
      const { mediaPath } = (await last.json()) as { mediaPath: string };
      expect((await playedBack(headers, mediaPath)).equals(bytes)).toBe(true);
    }, 60_000);

    it('answer a repeated last PATCH 409 with the offset, and keep the upload whole', async () => {
      const headers = { ...(await patient()), 'tus-resumable': '1.0.0' };
      const video = await firstQuestionOfType(database.db, 'video');
      const bytes = mediaBytes('webm', 6 * MiB + 12_345);
      const location = await createdUpload(headers, video.id, bytes.length);
      const patch = (offset: number, part: Buffer) => patchAt(location, headers, offset, part);
      const lastFrom = bytes.length - 300_000;
      expect((await patch(0, bytes.subarray(0, lastFrom))).status).toBe(204);

      // The last PATCH twice at once, as a client retrying a reply it did not get.
      const replies = await Promise.all(
        [1, 2].map(() => patch(lastFrom, bytes.subarray(lastFrom))),
      );
      const statuses = replies.map((reply) => reply.status).sort();
      expect(statuses).toEqual([200, 409]);
      const conflict = replies.find((reply) => reply.status === 409)!;
      expect(conflict.headers.get('upload-offset')).toBe(String(bytes.length));
      const { mediaPath } = (await replies.find((reply) => reply.status === 200)!.json()) as {
        mediaPath: string;
      };
      // Once more, later: still 409, and the file is whole.
      const again = await patch(lastFrom, bytes.subarray(lastFrom));
      expect(again.status).toBe(409);
      expect(again.headers.get('upload-offset')).toBe(String(bytes.length));
      const head = await fetch(location, { method: 'HEAD', headers });
      expect(head.headers.get('upload-offset')).toBe(String(bytes.length));
      expect((await playedBack(headers, mediaPath)).equals(bytes)).toBe(true);

      // The database holds no plaintext either, of any upload.
      for (const row of await database.db.select().from(resumableUploads)) {
        expect(row.tail?.includes(MARKER) ?? false).toBe(false);
        expect(row.pending?.includes(MARKER) ?? false).toBe(false);
      }
    }, 60_000);
  },
);
