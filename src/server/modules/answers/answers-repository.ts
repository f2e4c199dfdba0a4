import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AssessmentStatus, QuestionType } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import type { SessionClaims } from '../accounts/auth-context';
import { users } from '../accounts/tables';
import type { PatientScope } from '../assessments/assessment-state';
import { accessCodes } from '../assessments/tables';
import { questionOptions, questions } from '../questionnaire/tables';
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

/** What the save statement found, and whether it wrote. */
export interface SaveOutcome {
  /** The token's versions still match the account's and the assessment's (no logout since). */
  sessionStands: boolean;
  /** The session's assessment's status; null when there is no such assessment of the account. */
  assessmentStatus: AssessmentStatus | null;
  /** The question's type; null when there is no such active question. */
  questionType: QuestionType | null;
  /** The answer's option, if it has one, is an active option of the question. */
  optionStands: boolean;
  saved: boolean;
  /** The media path the answer had before (its snapshot, before the upsert). */
  previousMediaPath: string | null;
}

/**
 * The answer save in one statement, one round trip: the session still stands (token versions),
 * the assessment is the session's and in one of `editable`, the question is active and of the
 * type the answer was checked as, and its option (if any) is an active option of the question;
 * only then the upsert. Returns what each check found, so the caller can say why it refused.
 * Without `write` it only checks (the caller does not know the question's type yet).
 */
export async function saveAnswerInOneStatement(
  db: DbOrTx,
  claims: SessionClaims,
  questionId: number,
  write: { questionType: QuestionType; answer: StoredAnswer } | null,
  editable: readonly AssessmentStatus[],
): Promise<SaveOutcome> {
  const answer = write?.answer;
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  const { rows } = (await db.execute(sql`
    WITH checks AS (
      SELECT
        COALESCE((SELECT ${users.tokenVersion} = ${claims.tokenVersion}::int
            AND ${accessCodes.tokenVersion} = ${claims.assessmentTokenVersion}::int
          FROM ${accessCodes} JOIN ${users} ON ${users.id} = ${accessCodes.userId}
          WHERE ${accessCodes.id} = ${claims.accessCodeId}::int
            AND ${users.id} = ${claims.userId}::int), false) AS session_stands,
        (SELECT ${accessCodes.status} FROM ${accessCodes}
          WHERE ${accessCodes.id} = ${claims.accessCodeId}::int
            AND ${accessCodes.userId} = ${claims.userId}::int) AS assessment_status,
        (SELECT ${questions.questionType} FROM ${questions}
          WHERE ${questions.id} = ${questionId}::int AND ${questions.isActive}) AS question_type,
        (${answer?.optionId ?? null}::int IS NULL OR EXISTS (SELECT 1 FROM ${questionOptions}
          WHERE ${questionOptions.id} = ${answer?.optionId ?? null}::int
            AND ${questionOptions.questionId} = ${questionId}::int
            AND ${questionOptions.isActive})) AS option_stands),
    previous AS (
      SELECT ${responses.mediaPath} AS media_path FROM ${responses}
      WHERE ${responses.accessCodeId} = ${claims.accessCodeId}::int
        AND ${responses.questionId} = ${questionId}::int),
    saved AS (
      INSERT INTO ${responses} (user_id, access_code_id, question_id, option_id, answer_text,
        media_type, media_path, pain_points, symptoms)
      SELECT ${claims.userId}::int, ${claims.accessCodeId}::int, ${questionId}::int,
        ${answer?.optionId ?? null}::int, ${answer?.answerText ?? null}::text,
        ${answer?.mediaType ?? null}::text, ${answer?.mediaPath ?? null}::text,
        ${json(answer?.painPoints)}::jsonb, ${json(answer?.symptoms)}::jsonb
      FROM checks
      WHERE ${write !== null}::boolean AND session_stands AND option_stands
        AND assessment_status IN (${sql.join(
          editable.map((status) => sql`${status}`),
          sql`, `,
        )})
        AND question_type = ${write?.questionType ?? null}::text
      ON CONFLICT (access_code_id, question_id) DO UPDATE SET
        user_id = excluded.user_id, option_id = excluded.option_id,
        answer_text = excluded.answer_text, media_type = excluded.media_type,
        media_path = excluded.media_path, pain_points = excluded.pain_points,
        symptoms = excluded.symptoms, updated_at = now()
      RETURNING 1)
    SELECT checks.*, (SELECT media_path FROM previous) AS previous_media_path,
      EXISTS (SELECT 1 FROM saved) AS saved
    FROM checks`)) as unknown as {
    rows: {
      session_stands: boolean;
      assessment_status: AssessmentStatus | null;
      question_type: QuestionType | null;
      option_stands: boolean;
      saved: boolean;
      previous_media_path: string | null;
    }[];
  };
  const row = rows[0]!;
  return {
    sessionStands: row.session_stands,
    assessmentStatus: row.assessment_status,
    questionType: row.question_type,
    optionStands: row.option_stands,
    saved: row.saved,
    previousMediaPath: row.previous_media_path,
  };
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

/** A refund that erases the answers: every answer of the assessment goes. */
export async function deleteAnswersOfAssessment(db: DbOrTx, assessmentId: number): Promise<number> {
  const rows = await db
    .delete(responses)
    .where(eq(responses.accessCodeId, assessmentId))
    .returning({ id: responses.id });
  return rows.length;
}
