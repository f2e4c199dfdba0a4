import { randomBytes } from 'node:crypto';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../src/server/platform/db/client';
import { seedDefaultQuestionnaire } from '../../src/server/modules/questionnaire/seed/seed';
import {
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
} from '../../tests/helpers/server-process';
import { noPostgresNote, postgresReachable, withBenchDatabase } from '../lib/postgres';
import { createBenchPatients, textQuestionIds, type BenchPatient } from '../lib/bench-patients';
import { startBareServer, textAnswerValue, UPSERT_SQL } from '../lib/bare-save';
import { PRODUCTION_ENV } from '../lib/production-env';
import type { Figure } from '../report';

/** The issue's load: 50 connections on PostgreSQL, 10 on the embedded database. */
const PG_CONNECTIONS = 50;
const PGLITE_CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARM_UP_SECONDS = 1;
const PATIENTS = 200;
const SECTION = 'save answer';

/** BENCH_CPU_PROF=<dir>: the API server writes a `--cpu-prof` profile there per database. */
function profileArgs(database: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, database)}`] : [];
}

interface LoadResult {
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `connections` clients upserting answers over HTTP, generated from this process. */
async function loadHttp(
  baseUrl: string,
  patients: BenchPatient[],
  questionIds: number[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/survey/responses',
        setupRequest: (request) => {
          n += 1;
          const patient = patients[n % patients.length]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${patient.token}`,
            },
            body: JSON.stringify({
              questionId: questionIds[n % questionIds.length],
              answerText: `Answer ${n}`,
            }),
          };
        },
      },
    ],
  });
  return {
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

/** The same upsert straight through a database client at the same concurrency, no HTTP. */
async function loadRawLoop(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  patients: BenchPatient[],
  questionIds: number[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      n += 1;
      const patient = patients[n % patients.length]!;
      const started = performance.now();
      await query(UPSERT_SQL, [
        patient.userId,
        patient.assessmentId,
        questionIds[n % questionIds.length],
        textAnswerValue(`Answer ${n}`),
      ]);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { throughput: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors: 0 };
}

const ratio = (a: LoadResult, b: LoadResult) =>
  Math.round((a.throughput / b.throughput) * 100) / 100;

interface Runs {
  label: string;
  api: LoadResult;
  /** Bare Fastify + jose + Zod + the one upsert, in its own process. */
  bareRoute: LoadResult;
  /** The upsert alone, straight through the driver. */
  rawLoop: LoadResult;
  p99Goal: string;
  /** Which baseline the issue holds the API to, and how close it must come. */
  goal: { against: 'bareRoute' | 'rawLoop'; ratio: string };
}

function figures(runs: Runs): Figure[] {
  const { label, api, bareRoute, rawLoop } = runs;
  const throughput = (name: string, load: LoadResult): Figure => ({
    section: SECTION,
    name: `${label}: ${name} throughput`,
    value: Math.round(load.throughput),
    unit: 'req/s',
    note: `p50 ${load.p50.toFixed(1)} ms${load.errors ? `, ${load.errors} non-2xx` : ''}`,
  });
  const p99 = (name: string, load: LoadResult, goal?: string): Figure => ({
    section: SECTION,
    name: `${label}: ${name} p99 latency`,
    value: Math.round(load.p99 * 10) / 10,
    unit: 'ms',
    goal,
  });
  const against = (name: string, baseline: LoadResult, key: Runs['goal']['against']): Figure => ({
    section: SECTION,
    name: `${label}: API / ${name} throughput`,
    value: ratio(api, baseline),
    unit: 'x',
    goal: runs.goal.against === key ? runs.goal.ratio : undefined,
  });
  return [
    throughput('API', api),
    p99('API', api, runs.p99Goal),
    throughput('bare Fastify+jose+Zod+upsert route (baseline)', bareRoute),
    p99('bare route', bareRoute),
    throughput('raw driver upsert loop (baseline)', rawLoop),
    p99('raw loop', rawLoop),
    against('bare route', bareRoute, 'bareRoute'),
    against('raw loop', rawLoop, 'rawLoop'),
    {
      section: SECTION,
      name: `${label}: bare route / raw loop throughput`,
      value: ratio(bareRoute, rawLoop),
      unit: 'x',
      note: 'what Node and HTTP leave of the database',
    },
  ];
}

type Contender = 'api' | 'bareRoute' | 'rawLoop';
type Load = (seconds: number) => Promise<LoadResult>;

/**
 * Loads the three contenders in turns (after a short warm-up of each), ROUNDS rounds of
 * SECONDS / ROUNDS each, so that the swings of a shared machine's load hit all three alike;
 * each figure is the mean of its rounds.
 */
async function inTurns(loads: Record<Contender, Load>): Promise<Record<Contender, LoadResult>> {
  const names = Object.keys(loads) as Contender[];
  for (const name of names) await loads[name](WARM_UP_SECONDS);
  const rounds: Record<Contender, LoadResult[]> = { api: [], bareRoute: [], rawLoop: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) rounds[name].push(await loads[name](SECONDS / ROUNDS));
  }
  const mean = (results: LoadResult[], key: keyof LoadResult) =>
    results.reduce((sum, result) => sum + result[key], 0) / results.length;
  const combined = (results: LoadResult[]): LoadResult => ({
    throughput: mean(results, 'throughput'),
    p50: mean(results, 'p50'),
    p99: mean(results, 'p99'),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  });
  return {
    api: combined(rounds.api),
    bareRoute: combined(rounds.bareRoute),
    rawLoop: combined(rounds.rawLoop),
  };
}

export async function measureAnswerSave(): Promise<Figure[]> {
  const results: Figure[] = [];
  const secret = randomBytes(32).toString('base64');

  // PostgreSQL server: a fresh database; the API, then the bare route, each in its own process
  // with the same pool size, then the raw loop.
  if (await postgresReachable()) {
    await withBenchDatabase(async (url) => {
      const dataDir = await newDataDir();
      try {
        const database = await openDatabase({ kind: 'postgres', url });
        await seedDefaultQuestionnaire(database.db);
        const patients = await createBenchPatients(database.db, secret, PATIENTS);
        const questionIds = await textQuestionIds(database.db);
        await database.close();
        const http = (baseUrl: string) => (seconds: number) =>
          loadHttp(baseUrl, patients, questionIds, PG_CONNECTIONS, seconds);
        const api = await startServer({
          dataDir,
          env: {
            ...PRODUCTION_ENV,
            DATABASE_URL: url,
            DATABASE_POOL_SIZE: '20',
            JWT_SECRET: secret,
          },
          nodeArgs: profileArgs('postgres'),
        });
        const bareRoute = await startBareServer({
          BARE_DATABASE_URL: url,
          BARE_POOL_SIZE: '20',
          JWT_SECRET: secret,
        });
        const pool = new pg.Pool({ connectionString: url, max: PG_CONNECTIONS });
        const runs = await inTurns({
          api: http(api.baseUrl),
          bareRoute: http(bareRoute.baseUrl),
          rawLoop: (seconds) =>
            loadRawLoop(
              (text, params) => pool.query(text, params),
              patients,
              questionIds,
              PG_CONNECTIONS,
              seconds,
            ),
        }).finally(() => Promise.all([api.stop(), bareRoute.stop(), pool.end()]));
        results.push(
          ...figures({
            label: `PostgreSQL, ${PG_CONNECTIONS} connections`,
            ...runs,
            p99Goal: '< 50',
            goal: { against: 'bareRoute', ratio: '>= 0.9' },
          }),
        );
      } finally {
        await removeDataDir(dataDir);
      }
    });
  } else {
    results.push({
      section: SECTION,
      name: 'PostgreSQL',
      value: null,
      unit: '',
      note: noPostgresNote,
    });
  }

  // Embedded PGlite: one process per data directory, so the baselines get copies of the
  // seeded one and all three stay open.
  const liteDir = await newDataDir();
  try {
    const { patients, questionIds } = await withDataDirDatabase(liteDir, async (db) => ({
      patients: await createBenchPatients(db, secret, PATIENTS),
      questionIds: await textQuestionIds(db),
    }));
    const bareDb = join(liteDir, 'bare-db');
    const rawDb = join(liteDir, 'raw-db');
    await cp(join(liteDir, 'db'), bareDb, { recursive: true });
    await cp(join(liteDir, 'db'), rawDb, { recursive: true });
    const http = (baseUrl: string) => (seconds: number) =>
      loadHttp(baseUrl, patients, questionIds, PGLITE_CONNECTIONS, seconds);
    const api = await startServer({
      dataDir: liteDir,
      env: { ...PRODUCTION_ENV, JWT_SECRET: secret },
      nodeArgs: profileArgs('pglite'),
    });
    const bareRoute = await startBareServer({ BARE_PGLITE_DIR: bareDb, JWT_SECRET: secret });
    const lite = new PGlite(rawDb);
    const runs = await inTurns({
      api: http(api.baseUrl),
      bareRoute: http(bareRoute.baseUrl),
      rawLoop: (seconds) =>
        loadRawLoop(
          (text, params) => lite.query(text, params),
          patients,
          questionIds,
          PGLITE_CONNECTIONS,
          seconds,
        ),
    }).finally(() => Promise.all([api.stop(), bareRoute.stop(), lite.close()]));
    results.push(
      ...figures({
        label: `PGlite, ${PGLITE_CONNECTIONS} connections`,
        ...runs,
        p99Goal: '< 100',
        goal: { against: 'rawLoop', ratio: '>= 0.5' },
      }),
    );
  } finally {
    await removeDataDir(liteDir);
  }
  return results;
}
