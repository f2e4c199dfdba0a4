import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AssessmentStatus, QuestionType } from '../../../shared/constants';
import type { Db, DbOrTx } from '../../platform/db/client';
import { runPrepared, type PreparedStatement } from '../../platform/db/prepared-statement';
import type { SessionClaims } from '../accounts/auth-context';
import type { PatientScope } from '../assessments/assessment-state';
import { assessments } from '../assessments/tables';
import { questions } from '../questionnaire/tables';
import type { StoredAnswer } from '../../../question-types/server-type';
import { answers } from './tables';

/** The answers module's data access: one current answer per assessment and question. */

export type AnswerRow = typeof answers.$inferSelect;

/** The answers of the given assessments (to the given questions, when named). */
export async function answersOfAssessments(
  db: DbOrTx,
  assessmentIds: number[],
  questionIds?: number[],
): Promise<AnswerRow[]> {
  if (assessmentIds.length === 0 || questionIds?.length === 0) return [];
  return db
    .select()
    .from(answers)
    .where(
      and(
        inArray(answers.assessmentId, assessmentIds),
        questionIds ? inArray(answers.questionId, questionIds) : undefined,
      ),
    )
    .orderBy(asc(answers.assessmentId));
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
      SELECT ${answers.mediaPath} AS media_path FROM ${answers}
      WHERE ${answers.assessmentId} = ${scope.assessmentId}
        AND ${answers.questionId} = ${questionId})
    INSERT INTO ${answers} (user_id, assessment_id, question_id, option_id, answer_text,
      media_type, media_path, pain_points, symptoms)
    SELECT ${scope.userId}::int, ${scope.assessmentId}::int, ${questionId}::int,
      ${answer.optionId}::int, ${answer.answerText}::text, ${answer.mediaType}::text,
      ${answer.mediaPath}::text, ${json(answer.painPoints)}::jsonb, ${json(answer.symptoms)}::jsonb
    WHERE EXISTS (SELECT 1 FROM ${assessments} WHERE ${assessments.id} = ${scope.assessmentId}
        AND ${assessments.userId} = ${scope.userId}
        AND ${assessments.status} IN (${sql.join(
          editable.map((status) => sql`${status}`),
          sql`, `,
        )}))
      AND EXISTS (SELECT 1 FROM ${questions} WHERE ${questions.id} = ${questionId}
        AND ${questions.isActive})
    ON CONFLICT (assessment_id, question_id) DO UPDATE SET
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
 * Without `write` (`$12` false) it only checks: the caller does not know the question's type yet.
 *
 * Plain SQL rather than the query builder, because the database keeps it prepared: it is parsed
 * and planned once per connection, where building, parsing and planning it on every save cost
 * more than running it (README, benchmarks).
 */
const SAVE_ANSWER: PreparedStatement = {
  name: 'answers_save_v1',
  text: `
    WITH checks AS (
      SELECT
        COALESCE((SELECT u.token_version = $3::int AND a.token_version = $4::int
          FROM assessments a JOIN users u ON u.id = a.user_id
          WHERE a.id = $2::int AND u.id = $1::int), false) AS session_stands,
        (SELECT status FROM assessments WHERE id = $2::int AND user_id = $1::int)
          AS assessment_status,
        (SELECT question_type FROM questions WHERE id = $5::int AND is_active) AS question_type,
        ($6::int IS NULL OR EXISTS (SELECT 1 FROM question_options
          WHERE id = $6::int AND question_id = $5::int AND is_active)) AS option_stands),
    previous AS (
      SELECT media_path FROM answers WHERE assessment_id = $2::int AND question_id = $5::int),
    saved AS (
      INSERT INTO answers (user_id, assessment_id, question_id, option_id, answer_text,
        media_type, media_path, pain_points, symptoms)
      SELECT $1::int, $2::int, $5::int, $6::int, $7::text, $8::text, $9::text, $10::jsonb,
        $11::jsonb
      FROM checks
      WHERE $12::boolean AND session_stands AND option_stands
        AND assessment_status = ANY (string_to_array($14::text, ','))
        AND question_type = $13::text
      ON CONFLICT (assessment_id, question_id) DO UPDATE SET
        user_id = excluded.user_id, option_id = excluded.option_id,
        answer_text = excluded.answer_text, media_type = excluded.media_type,
        media_path = excluded.media_path, pain_points = excluded.pain_points,
        symptoms = excluded.symptoms, updated_at = now()
      RETURNING 1)
    SELECT session_stands, assessment_status, question_type, option_stands,
      (SELECT media_path FROM previous), EXISTS (SELECT 1 FROM saved)
    FROM checks`,
};

export async function saveAnswerInOneStatement(
  db: Db,
  claims: SessionClaims,
  questionId: number,
  write: { questionType: QuestionType; answer: StoredAnswer } | null,
  editable: readonly AssessmentStatus[],
): Promise<SaveOutcome> {
  const answer = write?.answer;
  const text = (value: number | string | null | undefined) =>
    value == null ? null : String(value);
  const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
  const [row] = await runPrepared(db, SAVE_ANSWER, [
    text(claims.userId),
    text(claims.assessmentId),
    text(claims.tokenVersion),
    text(claims.assessmentTokenVersion),
    text(questionId),
    text(answer?.optionId),
    text(answer?.answerText),
    text(answer?.mediaType),
    text(answer?.mediaPath),
    json(answer?.painPoints),
    json(answer?.symptoms),
    String(write !== null),
    text(write?.questionType),
    editable.join(','),
  ]);
  const [sessionStands, assessmentStatus, questionType, optionStands, previousMediaPath, saved] =
    row!;
  return {
    sessionStands: sessionStands === 't',
    assessmentStatus: assessmentStatus as AssessmentStatus | null,
    questionType: questionType as QuestionType | null,
    optionStands: optionStands === 't',
    saved: saved === 't',
    previousMediaPath: previousMediaPath ?? null,
  };
}

/** How many answers each question has. */
export async function answerCountsByQuestion(db: DbOrTx): Promise<Map<number, number>> {
  const rows = await db
    .select({ questionId: answers.questionId, n: count() })
    .from(answers)
    .groupBy(answers.questionId);
  return new Map(rows.map((row) => [row.questionId, Number(row.n)]));
}

export async function countAnswersOfQuestion(db: DbOrTx, questionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(answers)
    .where(eq(answers.questionId, questionId));
  return Number(row?.n ?? 0);
}

/** Which of the options some answer chose. */
export async function chosenOptionIds(db: DbOrTx, optionIds: number[]): Promise<number[]> {
  if (optionIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ optionId: answers.optionId })
    .from(answers)
    .where(inArray(answers.optionId, optionIds));
  return rows.map((row) => row.optionId).filter((id): id is number => id !== null);
}

/** A refund that erases the answers: every answer of the assessment goes. */
export async function deleteAnswersOfAssessment(db: DbOrTx, assessmentId: number): Promise<number> {
  const rows = await db
    .delete(answers)
    .where(eq(answers.assessmentId, assessmentId))
    .returning({ id: answers.id });
  return rows.length;
}
