import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { createTokenService } from '../../src/server/modules/accounts/tokens';
import { questions, users } from '../../src/server/schema';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../../tests/helpers/server-process';
import { startS3Server } from '../../tests/helpers/s3-server';
import { PRODUCTION_ENV } from '../lib/production-env';
import { median, round } from '../lib/stats';
import { startBareServer } from '../lib/bare-save';
import type { Figure } from '../report';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SECTION = 'upload';
const LIMIT_MB = 50;
/** Uploads per store, each beside its own baseline measurements: the medians are printed. */
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);
/** BENCH_UPLOAD_STORES=disk (or S3): measure one store only, for a quicker look. */
const STORES = (process.env.BENCH_UPLOAD_STORES ?? 'disk,S3').split(',');

/** BENCH_CPU_PROF=<dir>: the API server writes a `--cpu-prof` profile there per store. */
function profileArgs(store: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, store)}`] : [];
}

/** CPU seconds a process has used, all its threads (the fs thread pool too), user and system. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (in parentheses, which may hold spaces); utime is the 14th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

/** CPU seconds of a process's main thread alone (where JavaScript runs). */
async function mainThreadSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/task/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/**
 * A WebM header followed by `size` bytes of filler, produced 64 KiB at a time; `before` and
 * `after` (a multipart body's head and tail) around it.
 */
function fakeVideo(size: number, before?: Buffer, after?: Buffer): Readable {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
  const chunk = randomBytes(64 * 1024);
  const pieces = [before, header].filter((piece): piece is Buffer => piece !== undefined);
  let sent = 0;
  return new Readable({
    read() {
      const next = pieces.shift();
      if (next) {
        this.push(next);
        return;
      }
      if (sent >= size) {
        if (after) this.push(after);
        after = undefined;
        this.push(null);
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

async function upload(url: string, token: string, questionId: number, size: number) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="questionId"\r\n\r\n${questionId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="bench.webm"\r\n` +
      `Content-Type: video/webm\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  // One plain stream, no async generator: the client shares the machine's cores with the server.
  const body = fakeVideo(size, head, tail);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
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

/**
 * The same bytes written straight to a file: what the disk allows without HTTP or encryption;
 * with the CPU time this process spent on it (nothing else runs in it meanwhile).
 */
async function diskThroughput(dir: string, size: number): Promise<{ mbps: number; cpu: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await pipeline(fakeVideo(size), createWriteStream(join(dir, 'baseline.bin')));
  const seconds = (performance.now() - started) / 1000;
  const { user, system } = process.cpuUsage(cpuBefore);
  await rm(join(dir, 'baseline.bin'), { force: true });
  return { mbps: size / 1024 / 1024 / seconds, cpu: (user + system) / 1e6 };
}

/**
 * A 200 MB video streamed to POST /api/survey/media of a real server process (PGlite), into the
 * disk store and into an S3 bucket (s3rver on loopback, in this process, so the server's RSS is
 * the server's alone). In the same run, in turns with every upload so that they share the
 * machine's load: the same bytes written straight to disk by this process (the baseline), and
 * the same request to a bare Node HTTP server that writes its body to disk (what HTTP on
 * loopback leaves of the disk's speed, before any parsing or encryption).
 */
export async function measureUpload(): Promise<Figure[]> {
  const bareDir = await newDataDir();
  const bare = await startBareServer(
    { BARE_UPLOAD_DIR: bareDir },
    'bench/lib/bare-upload-server.ts',
  );
  try {
    const disk = STORES.includes('disk') ? await measureStore('disk', {}, bare.baseUrl) : [];
    if (!STORES.includes('S3')) return disk;
    const s3 = await startS3Server();
    try {
      return [...disk, ...(await measureStore('S3', s3.env, bare.baseUrl))];
    } finally {
      await s3.close();
    }
  } finally {
    await bare.stop();
    await removeDataDir(bareDir);
  }
}

async function measureStore(
  store: string,
  storeEnv: Record<string, string>,
  bareUrl: string,
): Promise<Figure[]> {
  const dataDir = await newDataDir();
  const secret = randomBytes(32).toString('base64url');
  const { userId, assessmentId, questionId } = await withDataDirDatabase(dataDir, async (db) => {
    const [user] = await db.insert(users).values({ email: 'bench@example.org' }).returning();
    const { id } = await createAssessmentWithCode(db, user!.id);
    const all = await db.select().from(questions);
    const video = all.find((q) => q.questionType === 'video')!;
    return { userId: user!.id, assessmentId: id, questionId: video.id };
  });
  const token = await createTokenService(secret, 3600).sign({
    userId,
    email: 'bench@example.org',
    language: 'en',
    isAdmin: false,
    assessmentTokenVersion: 0,
    methods: ['code'],

    tokenVersion: 0,
    assessmentId,
  });
  const size = MEGABYTES * 1024 * 1024;
  const server = await startServer({
    dataDir,
    nodeArgs: profileArgs(store),
    env: {
      ...PRODUCTION_ENV,
      JWT_SECRET: secret,
      ...storeEnv,
      LOG_LEVEL: 'error',
      MEDIA_MAX_BYTES: String(size + 1024 * 1024),
    },
  });
  const pid = server.process.pid!;
  const apiUrl = `${server.baseUrl}/api/survey/media`;
  try {
    // Warm up: load the route code, the database and the stream machinery once (16 MB: more
    // than one multipart part, so the S3 store's multipart path is loaded too), and the bare
    // server's.
    const warm = await upload(apiUrl, token, questionId, 16 * 1024 * 1024);
    if (warm.status !== 200) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
    await upload(bareUrl, token, questionId, 16 * 1024 * 1024);
    await new Promise((r) => setTimeout(r, 500));
    const baseline = await residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      residentBytes(pid)
        .then((rss) => (peak = Math.max(peak, rss)))
        .catch(() => undefined);
    }, 25);
    const rounds: {
      api: number;
      seconds: number;
      cpu: number;
      mainCpu: number;
      disk: number;
      diskCpu: number;
      bare: number;
    }[] = [];
    try {
      for (let i = 0; i < ROUNDS; i += 1) {
        const { mbps: disk, cpu: diskCpu } = await diskThroughput(dataDir, size);
        const cpuBefore = await cpuSeconds(pid);
        const mainBefore = await mainThreadSeconds(pid);
        let started = performance.now();
        const result = await upload(apiUrl, token, questionId, size);
        const seconds = (performance.now() - started) / 1000;
        const cpu = (await cpuSeconds(pid)) - cpuBefore;
        const mainCpu = (await mainThreadSeconds(pid)) - mainBefore;
        if (result.status !== 200)
          throw new Error(`upload failed: ${result.status} ${result.body}`);
        started = performance.now();
        const bareResult = await upload(bareUrl, token, questionId, size);
        const bare = MEGABYTES / ((performance.now() - started) / 1000);
        if (bareResult.status !== 200) throw new Error(`bare upload failed: ${bareResult.body}`);
        rounds.push({ api: MEGABYTES / seconds, seconds, cpu, mainCpu, disk, diskCpu, bare });
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, await residentBytes(pid));
    const growthMb = round((peak - baseline) / 1024 / 1024);
    const api = median(rounds.map((r) => r.api));
    const disk = median(rounds.map((r) => r.disk));
    const bare = median(rounds.map((r) => r.bare));
    // Each round's upload against the baseline measured just before it, under the same load.
    const ratios = rounds.map((r) => round(r.api / r.disk, 2));
    const bareRatios = rounds.map((r) => round(r.bare / r.disk, 2));
    const of = `median of ${ROUNDS}`;
    return [
      {
        section: SECTION,
        name: `${MEGABYTES} MB video to ${store}: server RSS growth`,
        value: growthMb,
        unit: 'MB',
        goal: `< ${LIMIT_MB}`,
        note: `RSS ${(baseline / 1024 / 1024).toFixed(0)} -> ${(peak / 1024 / 1024).toFixed(0)} MB over ${ROUNDS} uploads`,
      },
      {
        section: SECTION,
        name: `${MEGABYTES} MB video to ${store}: upload throughput`,
        value: round(api),
        unit: 'MB/s',
        note: `${of}, ${median(rounds.map((r) => r.seconds)).toFixed(2)} s, encrypted at rest`,
      },
      {
        section: SECTION,
        // What the upload costs the server whatever else runs on the machine.
        name: `${MEGABYTES} MB video to ${store}: server CPU time`,
        value: round(median(rounds.map((r) => r.cpu)), 2),
        unit: 's',
        note: `${of}, all threads, user + system; main thread ${median(rounds.map((r) => r.mainCpu)).toFixed(2)} s`,
      },
      {
        section: SECTION,
        name: `${store} run: same bytes written to disk (baseline)`,
        value: round(disk),
        unit: 'MB/s',
        note: `${of}, CPU time ${median(rounds.map((r) => r.diskCpu)).toFixed(2)} s`,
      },
      {
        section: SECTION,
        name: `${store} run: bare HTTP upload to disk (reference)`,
        value: round(bare),
        unit: 'MB/s',
        note: `${of}; no multipart parsing, encryption or checks`,
      },
      {
        section: SECTION,
        name: `${store} run: bare HTTP upload / disk throughput`,
        value: median(bareRatios),
        unit: 'x',
        note: `what loopback HTTP leaves of the disk; rounds ${bareRatios.join(', ')}`,
      },
      {
        section: SECTION,
        name: `${MEGABYTES} MB video to ${store}: upload / disk throughput`,
        value: median(ratios),
        unit: 'x',
        // The goal is the disk store's; a bucket behind HTTP is shown beside it.
        goal: store === 'disk' ? '>= 0.5' : undefined,
        note: `median of each round's ratio: ${ratios.join(', ')}`,
      },
    ];
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
}
