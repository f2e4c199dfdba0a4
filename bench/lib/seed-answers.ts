import { storedAnswer } from '../../tests/helpers/seed-answers';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { createTokenService } from '../../src/server/modules/accounts/tokens';
import type { Db } from '../../src/server/platform/db/client';
import { assessments, questionOptions, questions, answers, users } from '../../src/server/schema';

const CHUNK = 2000;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export interface SeededAnswers {
  adminToken: string;
  patientToken: string;
  patientAssessmentId: number;
  responseCount: number;
}

/**
 * `patients` patients with one assessment each and `answerCount` answers of every question type,
 * plus an admin; tokens are signed with `jwtSecret` for the server under test.
 */
export async function seedAnswers(
  db: Db,
  jwtSecret: string,
  patients: number,
  answerCount: number,
): Promise<SeededAnswers> {
  const questionRows = await db
    .select({ id: questions.id, type: questions.questionType })
    .from(questions)
    .orderBy(asc(questions.sortOrder));
  const optionRows = await db.select().from(questionOptions);
  const answerable = questionRows.slice(0, answerCount);
  const tag = randomBytes(4).toString('hex');

  const userIds: number[] = [];
  await insertChunked(
    Array.from({ length: patients }, (_, i) => ({
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
        .insert(assessments)
        .values(chunk)
        .returning({ id: assessments.id, userId: assessments.userId });
      codes.push(...rows);
    },
  );
  const answerRows = codes.flatMap((code) =>
    answerable.map((q) => {
      const option = optionRows.find((o) => o.questionId === q.id);
      return {
        userId: code.userId,
        assessmentId: code.id,
        questionId: q.id,
        ...storedAnswer({
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
        }),
      };
    }),
  );
  await insertChunked(answerRows, (chunk) => db.insert(answers).values(chunk));

  const [admin] = await db
    .insert(users)
    .values({ email: `bench-admin-${tag}@example.org`, isAdmin: true })
    .returning();
  const { id: adminCodeId } = await createAssessmentWithCode(db, admin!.id);
  const tokens = createTokenService(jwtSecret, 3600);
  const adminToken = await tokens.sign({
    userId: admin!.id,
    email: admin!.email,
    language: 'en',
    isAdmin: true,
    assessmentTokenVersion: 0,
    methods: ['code', 'otp'],

    tokenVersion: admin!.tokenVersion,
    assessmentId: adminCodeId,
  });
  const patientToken = await tokens.sign({
    userId: codes[0]!.userId,
    email: `bench-${tag}-0@example.org`,
    language: 'en',
    isAdmin: false,
    assessmentTokenVersion: 0,
    methods: ['code'],
    tokenVersion: 0,
    assessmentId: codes[0]!.id,
  });
  return {
    adminToken,
    patientToken,
    patientAssessmentId: codes[0]!.id,
    responseCount: answerRows.length,
  };
}
