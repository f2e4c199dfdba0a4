import { randomBytes } from 'node:crypto';
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
import { seedAnswers, type SeededAnswers } from '../lib/seed-answers';
import { PRODUCTION_ENV } from '../lib/production-env';
import { round } from '../lib/stats';
import type { Figure } from '../report';

const PATIENTS = 2000;
const ANSWERS = 20;
const RUNS = 30;
const SECTION = 'reads';

interface Timing {
  median: number;
  p95: number;
}

async function time(run: () => Promise<void>, runs = RUNS): Promise<Timing> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { median: round(at(0.5)), p95: round(at(0.95)) };
}

/** One client, one request at a time, over real HTTP to the server process. */
async function timeGet(baseUrl: string, path: string, token: string): Promise<Timing> {
  return time(async () => {
    const reply = await fetch(`${baseUrl}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
    await reply.arrayBuffer();
  });
}

const PAGE_SQL = `SELECT u.id, u.first_name, u.last_name, u.email
  FROM users u JOIN assessments a ON a.user_id = u.id
  WHERE u.is_admin = false
  GROUP BY u.id ORDER BY max(a.created_at) DESC, u.id DESC LIMIT 25 OFFSET 0`;
const TOTAL_SQL = `SELECT count(DISTINCT u.id)::int AS n
  FROM users u JOIN assessments a ON a.user_id = u.id WHERE u.is_admin = false`;
const ASSESSMENTS_SQL = `SELECT a.id, a.user_id, a.status, a.created_at, count(r.id)
  FROM assessments a LEFT JOIN answers r ON r.assessment_id = a.id
  WHERE a.user_id = ANY($1) GROUP BY a.id ORDER BY a.created_at DESC, a.id DESC`;
/** Each assessment's latest code's last characters, as the practice tells them apart. */
const CODE_HINTS_SQL = `SELECT DISTINCT ON (assessment_id) assessment_id, code_hint
  FROM access_codes WHERE assessment_id = ANY($1) ORDER BY assessment_id, id DESC`;

/** The same rows as the two endpoints, straight through `pg`: the database's own share. */
async function baselines(url: string, assessmentId: number) {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  try {
    const responsesPage = await time(async () => {
      const [page] = await Promise.all([pool.query(PAGE_SQL), pool.query(TOTAL_SQL)]);
      const listed = await pool.query(ASSESSMENTS_SQL, [
        page.rows.map((r: { id: number }) => r.id),
      ]);
      await pool.query(CODE_HINTS_SQL, [listed.rows.map((r: { id: number }) => r.id)]);
    });
    const surveyQuestions = await time(async () => {
      const list = await pool.query(
        'SELECT * FROM questions WHERE is_active ORDER BY sort_order, id',
      );
      const ids = list.rows.map((r: { id: number }) => r.id);
      await Promise.all([
        pool.query(
          'SELECT * FROM question_options WHERE question_id = ANY($1) AND is_active ORDER BY sort_order, id',
          [ids],
        ),
        pool.query('SELECT * FROM answers WHERE assessment_id = $1', [assessmentId]),
      ]);
    });
    return { responsesPage, surveyQuestions };
  } finally {
    await pool.end();
  }
}

async function measureServer(baseUrl: string, seeded: SeededAnswers) {
  return {
    responsesPage: await timeGet(
      baseUrl,
      '/api/admin/responses?page=1&pageSize=25',
      seeded.adminToken,
    ),
    responsesLater: await timeGet(
      baseUrl,
      '/api/admin/responses?page=40&pageSize=25',
      seeded.adminToken,
    ),
    responsesSearch: await timeGet(
      baseUrl,
      '/api/admin/responses?search=bench42',
      seeded.adminToken,
    ),
    oneAssessment: await timeGet(
      baseUrl,
      `/api/admin/assessments/${seeded.patientAssessmentId}/answers`,
      seeded.adminToken,
    ),
    surveyQuestions: await timeGet(baseUrl, '/api/survey/questions', seeded.patientToken),
  };
}

function figures(
  label: string,
  api: Awaited<ReturnType<typeof measureServer>>,
  base: Awaited<ReturnType<typeof baselines>> | null,
): Figure[] {
  const ms = (name: string, t: Timing, goal?: string): Figure => ({
    section: SECTION,
    name: `${label}: ${name}`,
    value: t.median,
    unit: 'ms',
    goal,
    note: `median of ${RUNS}, p95 ${t.p95} ms`,
  });
  const out = [
    ms('GET /api/admin/responses page 1', api.responsesPage, '< 300'),
    ms('GET /api/admin/responses page 40', api.responsesLater, '< 300'),
    ms('GET /api/admin/responses search', api.responsesSearch, '< 300'),
    ms('GET /api/admin/assessments/:id/answers', api.oneAssessment, '< 300'),
    ms('GET /api/survey/questions', api.surveyQuestions, '< 100'),
  ];
  if (base) {
    const ratio = (name: string, a: Timing, b: Timing): Figure => ({
      section: SECTION,
      name: `${label}: ${name}`,
      value: Math.round((a.median / b.median) * 10) / 10,
      unit: 'x',
      note: `bare pg: ${b.median} ms`,
    });
    out.push(
      ratio('responses page 1 / bare pg same rows', api.responsesPage, base.responsesPage),
      ratio('survey questions / bare pg same rows', api.surveyQuestions, base.surveyQuestions),
    );
  }
  return out;
}

/** Admin responses (2,000 patients x 20 answers) and survey questions, one request at a time. */
export async function measureReads(): Promise<Figure[]> {
  const results: Figure[] = [];
  const secret = randomBytes(32).toString('base64');
  const env = { ...PRODUCTION_ENV, JWT_SECRET: secret };

  if (await postgresReachable()) {
    await withBenchDatabase(async (url) => {
      const dataDir = await newDataDir();
      try {
        const database = await openDatabase({ kind: 'postgres', url });
        await seedDefaultQuestionnaire(database.db);
        const seeded = await seedAnswers(database.db, secret, PATIENTS, ANSWERS);
        await database.close();
        const analyze = new pg.Client({ connectionString: url });
        await analyze.connect();
        await analyze.query('ANALYZE');
        await analyze.end();
        const server = await startServer({ dataDir, env: { ...env, DATABASE_URL: url } });
        let api;
        try {
          api = await measureServer(server.baseUrl, seeded);
        } finally {
          await server.stop();
        }
        const base = await baselines(url, seeded.patientAssessmentId);
        results.push(...figures(`PostgreSQL, ${seeded.responseCount} answers`, api, base));
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

  const liteDir = await newDataDir();
  try {
    const seeded = await withDataDirDatabase(liteDir, (db) =>
      seedAnswers(db, secret, PATIENTS, ANSWERS),
    );
    const server = await startServer({ dataDir: liteDir, env });
    try {
      results.push(...figures('PGlite', await measureServer(server.baseUrl, seeded), null));
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(liteDir);
  }
  return results;
}
