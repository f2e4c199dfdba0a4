import { randomBytes } from 'node:crypto';
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
import type { Figure } from '../report';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PATIENTS = 200;

interface LoadResult {
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
}

/** 50 clients upserting answers through the API, generated from this process. */
async function loadApi(
  baseUrl: string,
  patients: BenchPatient[],
  questionIds: number[],
): Promise<LoadResult> {
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
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

/** The same upsert straight through `pg` at the same concurrency: the database's own limit. */
async function loadRawPg(
  url: string,
  patients: BenchPatient[],
  questionIds: number[],
): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const latencies: number[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  let n = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      n += 1;
      const patient = patients[n % patients.length]!;
      const started = performance.now();
      await pool.query(
        `INSERT INTO responses (user_id, access_code_id, question_id, answer_text)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (access_code_id, question_id)
         DO UPDATE SET answer_text = excluded.answer_text, updated_at = now()`,
        [patient.userId, patient.accessCodeId, questionIds[n % questionIds.length], `Answer ${n}`],
      );
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { throughput: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors: 0 };
}

function figures(label: string, api: LoadResult, baseline: LoadResult | null): Figure[] {
  const out: Figure[] = [
    {
      section: 'save answer',
      name: `${label}: API throughput`,
      value: Math.round(api.throughput),
      unit: 'req/s',
      note: api.errors ? `${api.errors} non-2xx` : undefined,
    },
    { section: 'save answer', name: `${label}: API p50 latency`, value: api.p50, unit: 'ms' },
    {
      section: 'save answer',
      name: `${label}: API p99 latency`,
      value: api.p99,
      unit: 'ms',
      goal: '< 50',
    },
  ];
  if (baseline) {
    out.push(
      {
        section: 'save answer',
        name: `${label}: raw pg upsert throughput (baseline)`,
        value: Math.round(baseline.throughput),
        unit: 'req/s',
      },
      {
        section: 'save answer',
        name: `${label}: raw pg p99 latency (baseline)`,
        value: baseline.p99,
        unit: 'ms',
      },
      {
        section: 'save answer',
        name: `${label}: API / baseline throughput`,
        value: Math.round((api.throughput / baseline.throughput) * 100) / 100,
        unit: '',
        goal: '>= 0.5',
      },
    );
  }
  return out;
}

export async function measureAnswerSave(): Promise<Figure[]> {
  const results: Figure[] = [];
  const secret = randomBytes(32).toString('base64');

  // PostgreSQL server: a fresh database, the API in its own process, then the raw baseline.
  if (await postgresReachable()) {
    await withBenchDatabase(async (url) => {
      const dataDir = await newDataDir();
      try {
        const database = await openDatabase({ kind: 'postgres', url });
        await seedDefaultQuestionnaire(database.db);
        const patients = await createBenchPatients(database.db, secret, PATIENTS);
        const questionIds = await textQuestionIds(database.db);
        await database.close();
        const server = await startServer({
          dataDir,
          env: {
            DATABASE_URL: url,
            DATABASE_POOL_SIZE: '20',
            JWT_SECRET: secret,
            NODE_ENV: 'production',
            PAYMENTS: 'demo',
            LOG_LEVEL: 'warn',
          },
        });
        let api: LoadResult;
        try {
          api = await loadApi(server.baseUrl, patients, questionIds);
        } finally {
          await server.stop();
        }
        const baseline = await loadRawPg(url, patients, questionIds);
        results.push(...figures('PostgreSQL', api, baseline));
      } finally {
        await removeDataDir(dataDir);
      }
    });
  } else {
    results.push({
      section: 'save answer',
      name: 'PostgreSQL',
      value: null,
      unit: '',
      note: noPostgresNote,
    });
  }

  // Embedded PGlite: one process, one connection; no separate baseline can reach it.
  const liteDir = await newDataDir();
  try {
    const { patients, questionIds } = await withDataDirDatabase(liteDir, async (db) => ({
      patients: await createBenchPatients(db, secret, PATIENTS),
      questionIds: await textQuestionIds(db),
    }));
    const server = await startServer({
      dataDir: liteDir,
      env: { JWT_SECRET: secret, NODE_ENV: 'production', PAYMENTS: 'demo', LOG_LEVEL: 'warn' },
    });
    try {
      results.push(
        ...figures('PGlite', await loadApi(server.baseUrl, patients, questionIds), null),
      );
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(liteDir);
  }
  return results;
}
