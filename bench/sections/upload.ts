import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createAccessCode } from '../../src/server/modules/accounts/access-codes';
import { createTokenService } from '../../src/server/modules/accounts/tokens';
import { questions, users } from '../../src/server/platform/db/schema';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../../tests/helpers/server-process';
import { startS3Server } from '../../tests/helpers/s3-server';
import { PRODUCTION_ENV } from '../lib/production-env';
import type { Figure } from '../report';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SECTION = 'upload';
const LIMIT_MB = 50;

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** A WebM header followed by `size` bytes of filler, produced 64 KiB at a time. */
function fakeVideo(size: number): Readable {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  const chunk = randomBytes(64 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent += header.length;
        this.push(header);
        return;
      }
      if (sent >= size) {
        this.push(null);
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

async function upload(baseUrl: string, token: string, questionId: number, size: number) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${questionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="bench.webm"\r\n` +
      `Content-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      for await (const piece of fakeVideo(size)) yield piece as Buffer;
      yield tail;
    })(),
  );
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/survey/media`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    pipeline(body, req).catch(reject);
  });
}

/** The same bytes written straight to a file: what the disk allows without HTTP or encryption. */
async function diskThroughput(dir: string, size: number): Promise<number> {
  const started = performance.now();
  await pipeline(fakeVideo(size), createWriteStream(join(dir, 'baseline.bin')));
  const seconds = (performance.now() - started) / 1000;
  await rm(join(dir, 'baseline.bin'), { force: true });
  return size / 1024 / 1024 / seconds;
}

/**
 * A 200 MB video streamed to POST /api/survey/media of a real server process (PGlite), once
 * into the disk store and once into an S3 bucket (s3rver on loopback, in this process, so the
 * server's RSS is the server's alone).
 */
export async function measureUpload(): Promise<Figure[]> {
  const disk = await measureStore('disk', {});
  const s3 = await startS3Server();
  try {
    return [...disk, ...(await measureStore('S3', s3.env))];
  } finally {
    await s3.close();
  }
}

async function measureStore(store: string, storeEnv: Record<string, string>): Promise<Figure[]> {
  const dataDir = await newDataDir();
  const secret = randomBytes(32).toString('base64url');
  const { userId, accessCodeId, questionId } = await withDataDirDatabase(dataDir, async (db) => {
    const [user] = await db.insert(users).values({ email: 'bench@example.org' }).returning();
    const { id } = await createAccessCode(db, user!.id);
    const all = await db.select().from(questions);
    const video = all.find((q) => q.questionType === 'video')!;
    return { userId: user!.id, accessCodeId: id, questionId: video.id };
  });
  const token = await createTokenService(secret, 3600).sign({
    userId,
    email: 'bench@example.org',
    language: 'en',
    isAdmin: false,
    assessmentTokenVersion: 0,
    methods: ['code'],

    tokenVersion: 0,
    accessCodeId,
  });
  const size = MEGABYTES * 1024 * 1024;
  const server = await startServer({
    dataDir,
    env: {
      ...PRODUCTION_ENV,
      JWT_SECRET: secret,
      ...storeEnv,
      LOG_LEVEL: 'error',
      MEDIA_MAX_BYTES: String(size + 1024 * 1024),
    },
  });
  const pid = server.process.pid!;
  try {
    // Warm up: load the route code, the database and the stream machinery once (16 MB: more
    // than one multipart part, so the S3 store's multipart path is loaded too).
    const warm = await upload(server.baseUrl, token, questionId, 16 * 1024 * 1024);
    if (warm.status !== 200) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    await new Promise((r) => setTimeout(r, 500));
    const baseline = await residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      residentBytes(pid)
        .then((rss) => (peak = Math.max(peak, rss)))
        .catch(() => undefined);
    }, 25);
    const started = performance.now();
    const result = await upload(server.baseUrl, token, questionId, size);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await residentBytes(pid));
    if (result.status !== 200) throw new Error(`upload failed: ${result.status} ${result.body}`);
    const growthMb = Math.round(((peak - baseline) / 1024 / 1024) * 10) / 10;
    const apiMbps = Math.round((MEGABYTES / seconds) * 10) / 10;
    const figures: Figure[] = [
      {
        section: SECTION,
        name: `${MEGABYTES} MB video to ${store}: server RSS growth`,
        value: growthMb,
        unit: 'MB',
        goal: `< ${LIMIT_MB}`,
        note: `RSS ${(baseline / 1024 / 1024).toFixed(0)} -> ${(peak / 1024 / 1024).toFixed(0)} MB`,
      },
      {
        section: SECTION,
        name: `${MEGABYTES} MB video to ${store}: upload throughput`,
        value: apiMbps,
        unit: 'MB/s',
        note: `${seconds.toFixed(1)} s, encrypted at rest`,
      },
    ];
    if (store !== 'disk') return figures;
    const diskMbps = Math.round((await diskThroughput(dataDir, size)) * 10) / 10;
    return [
      ...figures,
      {
        section: SECTION,
        name: 'same bytes written to disk (baseline)',
        value: diskMbps,
        unit: 'MB/s',
      },
      {
        section: SECTION,
        name: 'upload / disk throughput',
        value: Math.round((apiMbps / diskMbps) * 100) / 100,
        unit: '',
      },
    ];
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
}
