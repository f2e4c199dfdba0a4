import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
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
import { RESUMABLE_PART_BYTES } from '../../src/shared/constants';
import { startS3Server } from '../../tests/helpers/s3-server';
import { fakeVideo } from '../lib/fake-video';
import { cpuOf, watchResident } from '../lib/process-stats';
import { PRODUCTION_ENV } from '../lib/production-env';
import { median, round } from '../lib/stats';
import { startBareServer } from '../lib/bare-save';
import { multipartUpload, resumableUpload } from '../lib/upload-clients';
import type { Figure } from '../report';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SECTION = 'upload';
const LIMIT_MB = 50;
/** Uploads per store and way, each beside its own baseline measurement: medians are printed. */
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);
/** BENCH_UPLOAD_STORES=disk (or S3): measure one store only, for a quicker look. */
const STORES = (process.env.BENCH_UPLOAD_STORES ?? 'disk,S3').split(',');
/** BENCH_UPLOAD_WAYS=resumable (or multipart): one way of uploading only. */
const WAYS = (process.env.BENCH_UPLOAD_WAYS ?? 'multipart,resumable').split(',') as Way[];
/** Bytes per tus PATCH: the browser's (BENCH_UPLOAD_PATCH_MB, in MiB, to try another). */
const PATCH_BYTES = process.env.BENCH_UPLOAD_PATCH_MB
  ? Number(process.env.BENCH_UPLOAD_PATCH_MB) * 1024 * 1024
  : RESUMABLE_PART_BYTES;

type Way = 'multipart' | 'resumable';

/** BENCH_CPU_PROF=<dir>: the API server writes a `--cpu-prof` profile there per store and way. */
function profileArgs(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, name)}`] : [];
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

/** How often the disk store syncs a resumable upload's file (a checkpoint per 8 chunks of 1 MiB). */
const SYNC_BYTES = 8 * 1024 * 1024;

/**
 * The same bytes written in the same way, but synced every 8 MiB and at the end, as the disk
 * store syncs a resumable upload before it acknowledges a part: what the disk allows when what
 * was acknowledged must survive a power cut, not only a crash of the process.
 */
async function durableDiskThroughput(dir: string, size: number): Promise<number> {
  const file = join(dir, 'durable.bin');
  const handle = await open(file, 'w');
  const started = performance.now();
  try {
    let unsynced = 0;
    const synced = new Writable({
      write(piece: Buffer, _encoding, done) {
        handle
          .write(piece)
          .then(async () => {
            unsynced += piece.length;
            if (unsynced < SYNC_BYTES) return;
            unsynced = 0;
            await handle.sync();
          })
          .then(() => done(), done);
      },
    });
    await pipeline(fakeVideo(size), synced);
    await handle.sync();
    return size / 1024 / 1024 / ((performance.now() - started) / 1000);
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
}

/** A real server process (PGlite) for one way of uploading, and a patient's token for it. */
async function startUploadServer(name: string, storeEnv: Record<string, string>, size: number) {
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
  const server = await startServer({
    dataDir,
    nodeArgs: profileArgs(name),
    env: {
      ...PRODUCTION_ENV,
      JWT_SECRET: secret,
      ...storeEnv,
      LOG_LEVEL: 'error',
      MEDIA_MAX_BYTES: String(size + 1024 * 1024),
    },
  });
  return { server, dataDir, token, questionId };
}

type UploadServer = Awaited<ReturnType<typeof startUploadServer>>;

/** One upload of `size` bytes the given way; throws unless the server stored it. */
async function uploadTo(way: Way, { server, token, questionId }: UploadServer, size: number) {
  const reply =
    way === 'multipart'
      ? await multipartUpload(`${server.baseUrl}/api/survey/media`, token, questionId, size)
      : await resumableUpload(server.baseUrl, token, questionId, size, PATCH_BYTES);
  if (reply.status !== 200) throw new Error(`${way} upload failed: ${reply.status} ${reply.body}`);
}

interface Round {
  api: number;
  seconds: number;
  cpu: number;
  mainCpu: number;
  disk: number;
  diskCpu: number;
  /** The durable baseline, measured before each resumable upload to disk. */
  durable?: number;
}

/**
 * A 200 MB video uploaded to a real server process (PGlite), into the disk store and into an S3
 * bucket (s3rver on loopback, in this process, so the server's RSS is the server's alone), both
 * ways the product takes uploads: one multipart POST /api/survey/media, and the resumable
 * (tus) path the browser uses, each way served by a process of its own so that each one's
 * memory is its own. In the same run, in turns with every upload so that they share the
 * machine's load: the same bytes written straight to disk by this process just before (the
 * baseline), and the multipart request to a bare Node HTTP server that writes its body to disk
 * (what HTTP on loopback leaves of the disk's speed, before any parsing or encryption).
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
  const size = MEGABYTES * 1024 * 1024;
  const servers = new Map<Way, UploadServer>();
  try {
    for (const way of WAYS)
      servers.set(way, await startUploadServer(`${store}-${way}`, storeEnv, size));
    // Warm up: load the route code, the database and the stream machinery once (16 MB: more
    // than one S3 part, so the S3 store's multipart path is loaded too), and the bare server's.
    const warm = 16 * 1024 * 1024;
    for (const [way, server] of servers) await uploadTo(way, server, warm);
    await multipartUpload(bareUrl, '', 0, warm);
    await new Promise((r) => setTimeout(r, 500));
    const watched = new Map<Way, Awaited<ReturnType<typeof watchResident>>>();
    for (const [way, { server }] of servers)
      watched.set(way, await watchResident(server.process.pid!));
    const rounds = new Map<Way, Round[]>(WAYS.map((way) => [way, []]));
    const bareRounds: { bare: number; disk: number }[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      for (const [way, server] of servers) {
        const { mbps: disk, cpu: diskCpu } = await diskThroughput(server.dataDir, size);
        const durable =
          store === 'disk' && way === 'resumable'
            ? await durableDiskThroughput(server.dataDir, size)
            : undefined;
        const pid = server.server.process.pid!;
        const { seconds, cpu, mainCpu } = await cpuOf(pid, () => uploadTo(way, server, size));
        rounds
          .get(way)!
          .push({ api: MEGABYTES / seconds, seconds, cpu, mainCpu, disk, diskCpu, durable });
        if (way !== 'multipart') continue;
        const started = performance.now();
        const bareReply = await multipartUpload(bareUrl, '', 0, size);
        if (bareReply.status !== 200) throw new Error(`bare upload failed: ${bareReply.body}`);
        bareRounds.push({ bare: MEGABYTES / ((performance.now() - started) / 1000), disk });
      }
    }
    const figures: Figure[] = [];
    for (const [way, watch] of watched) {
      const peak = await watch.stop();
      figures.push(...wayFigures(store, way, rounds.get(way)!, { baseline: watch.baseline, peak }));
    }
    return [...figures, ...baselineFigures(store, [...rounds.values()].flat(), bareRounds)];
  } finally {
    for (const { server, dataDir } of servers.values()) {
      await server.stop();
      await removeDataDir(dataDir);
    }
  }
}

const MIB = 1024 * 1024;
const of = `median of ${ROUNDS}`;

function wayFigures(
  store: string,
  way: Way,
  rounds: Round[],
  rss: { baseline: number; peak: number },
): Figure[] {
  const what =
    way === 'multipart'
      ? `${MEGABYTES} MB video to ${store}`
      : `${MEGABYTES} MB resumable video to ${store}`;
  const how = way === 'multipart' ? '' : `, tus PATCHes of ${PATCH_BYTES / MIB} MiB`;
  // Each round's upload against the baseline measured just before it, under the same load.
  const ratios = rounds.map((r) => round(r.api / r.disk, 2));
  return [
    {
      section: SECTION,
      name: `${what}: server RSS growth`,
      value: round((rss.peak - rss.baseline) / MIB),
      unit: 'MB',
      goal: `< ${LIMIT_MB}`,
      note: `RSS ${(rss.baseline / MIB).toFixed(0)} -> ${(rss.peak / MIB).toFixed(0)} MB over ${ROUNDS} uploads`,
    },
    {
      section: SECTION,
      name: `${what}: upload throughput`,
      value: round(median(rounds.map((r) => r.api))),
      unit: 'MB/s',
      note: `${of}, ${median(rounds.map((r) => r.seconds)).toFixed(2)} s, encrypted at rest${how}`,
    },
    {
      section: SECTION,
      // What the upload costs the server whatever else runs on the machine.
      name: `${what}: server CPU time`,
      value: round(median(rounds.map((r) => r.cpu)), 2),
      unit: 's',
      note: `${of}, all threads, user + system; main thread ${median(rounds.map((r) => r.mainCpu)).toFixed(2)} s`,
    },
    {
      section: SECTION,
      name: `${what}: upload / disk throughput`,
      value: median(ratios),
      unit: 'x',
      // The goal is the disk store's; a bucket behind HTTP is shown beside it.
      goal: store === 'disk' ? '>= 0.5' : undefined,
      note: `median of each round's ratio: ${ratios.join(', ')}`,
    },
    ...durableFigures(what, rounds),
  ];
}

/** The resumable upload to disk against the durable baseline measured just before it. */
function durableFigures(what: string, rounds: Round[]): Figure[] {
  const measured = rounds.filter((r) => r.durable !== undefined);
  if (measured.length === 0) return [];
  const ratios = measured.map((r) => round(r.api / r.durable!, 2));
  return [
    {
      section: SECTION,
      name: `${what}: same bytes written to disk, synced every 8 MiB (durable baseline)`,
      value: round(median(measured.map((r) => r.durable!))),
      unit: 'MB/s',
      note: `median of ${measured.length}, one before each resumable upload`,
    },
    {
      section: SECTION,
      name: `${what}: upload / durable baseline`,
      value: median(ratios),
      unit: 'x',
      note: `what the upload keeps of a disk that must keep what it acknowledged; rounds ${ratios.join(', ')}`,
    },
  ];
}

function baselineFigures(
  store: string,
  rounds: Round[],
  bareRounds: { bare: number; disk: number }[],
): Figure[] {
  const figures: Figure[] = [
    {
      section: SECTION,
      name: `${store} run: same bytes written to disk (baseline)`,
      value: round(median(rounds.map((r) => r.disk))),
      unit: 'MB/s',
      note: `median of ${rounds.length}, one before each upload, CPU time ${median(rounds.map((r) => r.diskCpu)).toFixed(2)} s`,
    },
  ];
  if (bareRounds.length === 0) return figures;
  const bareRatios = bareRounds.map((r) => round(r.bare / r.disk, 2));
  return [
    ...figures,
    {
      section: SECTION,
      name: `${store} run: bare HTTP upload to disk (reference)`,
      value: round(median(bareRounds.map((r) => r.bare))),
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
  ];
}
