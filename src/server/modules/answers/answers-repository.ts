import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AssessmentStatus } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import type { PatientScope } from '../assessments/assessment-state';
import { accessCodes } from '../assessments/tables';
import { questions } from '../questionnaire/tables';
import type { StoredAnswer } from '../../../question-types/server-type';
import { responses } from './tables';

/** The answers module's data access: one current answer per assessment and question. */

export type AnswerRow = typeof responses.$inferSelect;

/** The answers of the given assessments (to the given questions, when named). */
export async function answersOfAssessments(
  db: DbOrTx,
  assessmentIds: number[],
  questionIds?: number[],
): Promise<AnswerRow[]> {
  if (assessmentIds.length === 0 || questionIds?.length === 0) return [];
  return db
    .select()
    .from(responses)
    .where(
      and(
        inArray(responses.accessCodeId, assessmentIds),
        questionIds ? inArray(responses.questionId, questionIds) : undefined,
      ),
    )
    .orderBy(asc(responses.accessCodeId));
}

/**
 * Writes an answer that has been checked against its question, in one statement that re-checks
 * that the assessment is still in one of `editable` and the question still active. Returns the
 * media path the answer had before (its snapshot, before the upsert), or `refused` when the
 * assessment or the question changed since the checks.
 */
export async function upsertAnswer(
  db: DbOrTx,
  scope: PatientScope,
  questionId: number,
  answer: StoredAnswer,
  editable: readonly AssessmentStatus[],
): Promise<{ previousMediaPath: string | null } | 'refused'> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const saved = (await db.execute(sql`
    WITH previous AS (
      SELECT ${responses.mediaPath} AS media_path FROM ${responses}
      WHERE ${responses.accessCodeId} = ${scope.accessCodeId}
        AND ${responses.questionId} = ${questionId})
    INSERT INTO ${responses} (user_id, access_code_id, question_id, option_id, answer_text,
      media_type, media_path, pain_points, symptoms)
    SELECT ${scope.userId}::int, ${scope.accessCodeId}::int, ${questionId}::int,
      ${answer.optionId}::int, ${answer.answerText}::text, ${answer.mediaType}::text,
      ${answer.mediaPath}::text, ${json(answer.painPoints)}::jsonb, ${json(answer.symptoms)}::jsonb
    WHERE EXISTS (SELECT 1 FROM ${accessCodes} WHERE ${accessCodes.id} = ${scope.accessCodeId}
        AND ${accessCodes.userId} = ${scope.userId}
        AND ${accessCodes.status} IN (${sql.join(
          editable.map((status) => sql`${status}`),
          sql`, `,
        )}))
      AND EXISTS (SELECT 1 FROM ${questions} WHERE ${questions.id} = ${questionId}
        AND ${questions.isActive})
    ON CONFLICT (access_code_id, question_id) DO UPDATE SET
      user_id = excluded.user_id, option_id = excluded.option_id,
      answer_text = excluded.answer_text, media_type = excluded.media_type,
      media_path = excluded.media_path, pain_points = excluded.pain_points,
      symptoms = excluded.symptoms, updated_at = now()
    RETURNING (SELECT media_path FROM previous) AS previous_media_path`)) as unknown as {
    rows: { previous_media_path: string | null }[];
  };
  const [row] = saved.rows;
  return row ? { previousMediaPath: row.previous_media_path } : 'refused';
}

/** How many answers each question has. */
export async function answerCountsByQuestion(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ questionId: responses.questionId, n: count() })
    .from(responses)
    .groupBy(responses.questionId);
  return new Map(rows.map((row) => [row.questionId, Number(row.n)]));
}

export async function countAnswersOfQuestion(db: DbOrTx, questionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(responses)
    .where(eq(responses.questionId, questionId));
  return Number(row?.n ?? 0);
}

/** Which of the options some answer chose. */
export async function chosenOptionIds(db: DbOrTx, optionIds: number[]): Promise<number[]> {
  if (optionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ optionId: responses.optionId })
    .from(responses)
    .where(inArray(responses.optionId, optionIds));
  return rows.map((row) => row.optionId).filter((id): id is number => id !== null);
}

/**
 * What a save checks first, in one round trip: the active question, and the status of the
 * session's assessment (null when it is not the session's, undefined when the question is not
 * active).
 */
export async function findQuestionForAnswer(db: DbOrTx, scope: PatientScope, questionId: number) {
  const [found] = await db
    .select({
      question: questions,
      assessmentStatus: sql<AssessmentStatus | null>`(SELECT ${accessCodes.status}
        FROM ${accessCodes} WHERE ${accessCodes.id} = ${scope.accessCodeId}
        AND ${accessCodes.userId} = ${scope.userId})`,
    })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.isActive, true)));
  return found;
}

/** A refund that erases the answers: every answer of the assessment goes. */
export async function deleteAnswersOfAssessment(db: DbOrTx, assessmentId: number): Promise<number> {
  const rows = await db
    .delete(responses)
    .where(eq(responses.accessCodeId, assessmentId))
    .returning({ id: responses.id });
  return rows.length;
}
