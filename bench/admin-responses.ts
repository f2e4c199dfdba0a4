/**
 * Seeds 2,000 patients with 20 answers each and prints the server time of the admin responses
 * endpoints (goal: first page under 300 ms). Embedded PGlite by default; set DATABASE_URL to a
 * PostgreSQL database to measure there (the tables receive the seeded rows).
 *
 *   npx tsx bench/admin-responses.ts [patients] [answersPerPatient]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { accessCodes, questionOptions, questions, responses, users } from '../src/server/db/schema';
import { seedDefaultQuestionnaire } from '../src/server/db/seed/seed';

const PATIENTS = Number(process.argv[2] ?? 2000);
const ANSWERS = Number(process.argv[3] ?? 20);
const CHUNK = 2000;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'cmd-bench-'));
  const config = await loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite-memory' },
  );
  const { db } = database;
  await seedDefaultQuestionnaire(db);

  const seedStart = performance.now();
  const questionRows = await db
    .select({ id: questions.id, type: questions.questionType })
    .from(questions)
    .orderBy(asc(questions.sortOrder));
  const optionRows = await db.select().from(questionOptions);
  const answerable = questionRows.slice(0, ANSWERS);
  const tag = randomBytes(4).toString('hex');

  const userIds: number[] = [];
  await insertChunked(
    Array.from({ length: PATIENTS }, (_, i) => ({
      email: `bench-${tag}-${i}@example.org`,
      firstName: `Patient${i}`,
      lastName: `Bench${i % 97}`,
    })),
    async (chunk) => {
      const rows = await db.insert(users).values(chunk).returning({ id: users.id });
      userIds.push(...rows.map((r) => r.id));
    },
  );
  const codes: { id: number; userId: number }[] = [];
  await insertChunked(
    userIds.map((userId) => ({
      userId,
      codeHash: randomBytes(32).toString('hex'),
      codeHint: randomBytes(2).toString('hex').toUpperCase(),
    })),
    async (chunk) => {
      const rows = await db
        .insert(accessCodes)
        .values(chunk)
        .returning({ id: accessCodes.id, userId: accessCodes.userId });
      codes.push(...rows);
    },
  );
  const answerRows = codes.flatMap((code) =>
    answerable.map((q) => {
      const option = optionRows.find((o) => o.questionId === q.id);
      return {
        userId: code.userId,
        accessCodeId: code.id,
        questionId: q.id,
        optionId: q.type === 'multiple_choice' ? (option?.id ?? null) : null,
        answerText: q.type === 'text' ? 'Some pain in the morning, for two years.' : null,
        painPoints:
          q.type === 'pain_atlas'
            ? [{ id: 'a', x: 0.5, y: 0.3, intensity: 'medium' as const }]
            : null,
        symptoms:
          q.type === 'pain_symptoms'
            ? [
                {
                  id: 'b',
                  name: 'headaches' as const,
                  frequency: 'weekly' as const,
                  trigger: 'stress' as const,
                  intensity: 'mittel' as const,
                },
              ]
            : null,
        mediaType: q.type === 'photo' || q.type === 'video' ? q.type : null,
        mediaPath:
          q.type === 'photo' || q.type === 'video'
            ? `media/00000000-0000-4000-8000-${String(code.id).padStart(12, '0')}.jpg`
            : null,
      };
    }),
  );
  await insertChunked(answerRows, (chunk) => db.insert(responses).values(chunk));
  const seedMs = performance.now() - seedStart;

  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const [admin] = await db
    .insert(users)
    .values({ email: `bench-admin-${tag}@example.org`, isAdmin: true })
    .returning();
  const token = await app.deps.tokens.sign({
    userId: admin!.id,
    email: admin!.email,
    language: 'en',
    isAdmin: true,
    tokenVersion: admin!.tokenVersion,
    accessCodeId: 0,
  });
  const headers = { authorization: `Bearer ${token}` };

  async function measure(url: string, runs = 30): Promise<number[]> {
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url, headers });
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const reply = await app.inject({ method: 'GET', url, headers });
      samples.push(performance.now() - start);
      if (reply.statusCode !== 200) throw new Error(`${url} answered ${reply.statusCode}`);
    }
    return samples;
  }

  const [firstCode] = await db
    .select({ id: accessCodes.id })
    .from(accessCodes)
    .where(eq(accessCodes.userId, userIds[0]!));
  const total = (
    await app.inject({ method: 'GET', url: '/api/admin/responses?pageSize=1', headers })
  ).json().total;

  console.log(
    `Seeded ${PATIENTS} patients x ${answerable.length} answers (${answerRows.length} responses) on ${database.kind} in ${(seedMs / 1000).toFixed(1)} s; ${total} patients listed.`,
  );
  const firstPage = await measure('/api/admin/responses?page=1&pageSize=25');
  console.log(`GET /api/admin/responses?page=1&pageSize=25         ${stats(firstPage)}`);
  console.log(
    `GET /api/admin/responses?page=40&pageSize=25        ${stats(await measure('/api/admin/responses?page=40&pageSize=25'))}`,
  );
  console.log(
    `GET /api/admin/responses?search=bench42             ${stats(await measure('/api/admin/responses?search=bench42'))}`,
  );
  console.log(
    `GET /api/admin/responses/access-codes/:id (20 rows) ${stats(await measure(`/api/admin/responses/access-codes/${firstCode!.id}`))}`,
  );
  const median = [...firstPage].sort((a, b) => a - b)[Math.floor(firstPage.length / 2)]!;
  console.log(
    `First page: ${median.toFixed(1)} ms median server time (goal < 300 ms): ${median < 300 ? 'OK' : 'TOO SLOW'}`,
  );

  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
