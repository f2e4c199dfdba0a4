import { asc, eq } from 'drizzle-orm';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { createTokenService } from '../../src/server/modules/accounts/tokens';
import type { Db } from '../../src/server/platform/db/client';
import { questions, users } from '../../src/server/schema';

export interface BenchPatient {
  userId: number;
  assessmentId: number;
  token: string;
}

/** Patients with signed tokens, made straight in the database for load generation. */
export async function createBenchPatients(
  db: Db,
  jwtSecret: string,
  count: number,
): Promise<BenchPatient[]> {
  const tokens = createTokenService(jwtSecret, 3600);
  const patients: BenchPatient[] = [];
  const stamp = Date.now();
  for (let i = 0; i < count; i++) {
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${stamp}-${i}@example.org`, firstName: 'Bench', lastName: String(i) })
      .returning();
    const { id: assessmentId } = await createAssessmentWithCode(db, user!.id);
    const token = await tokens.sign({
      userId: user!.id,
      email: user!.email,
      language: 'en',
      isAdmin: false,
      assessmentTokenVersion: 0,
      methods: ['code'],

      tokenVersion: 0,
      assessmentId,
    });
    patients.push({ userId: user!.id, assessmentId, token });
  }
  return patients;
}

export async function textQuestionIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.questionType, 'text'))
    .orderBy(asc(questions.sortOrder));
  return rows.map((row) => row.id);
}
