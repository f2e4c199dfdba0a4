import { and, asc, count, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AssessmentStatus, QuestionType } from '../../../shared/constants';
import type { Db, DbOrTx } from '../../platform/db/client';
import { outer } from '../../platform/db/outer-column';
import { runPrepared, type PreparedStatement } from '../../platform/db/prepared-statement';
import type { SessionClaims } from '../../platform/auth-context';
import { accountTokenVersionSql } from '../accounts';
import { assessmentStatusSql, assessmentTokenVersionSql } from '../assessments';
import { activeQuestionTypeSql, isActiveOptionSql } from '../questionnaire';
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
  /** The file the answer referred to before (its snapshot, before the upsert). */
  previousFilePath: string | null;
}

/**
 * The answer save in one statement, one round trip: the session still stands (token versions),
 * the assessment is the session's and in one of `editable`, the question is active and of the
 * type the answer was checked as, and its option (if any) is an active option of the question;
 * only then the upsert. Returns what each check found, so the caller can say why it refused.
 * Without `write` (`$9` false) it only checks: the caller does not know the question's type yet.
 * Every answer is written here: the survey's saves and the uploads that become answers.
 *
 * Plain SQL rather than the query builder, because the database keeps it prepared: it is parsed
 * and planned once per connection, where building, parsing and planning it on every save cost
 * more than running it (README, benchmarks).
 */
const SAVE_ANSWER: PreparedStatement = {
  name: 'answers_save_v3',
  text: `
    WITH checks AS (
      SELECT
        COALESCE(${accountTokenVersionSql('$1')} = $3::int
          AND ${assessmentTokenVersionSql('$2', '$1')} = $4::int, false) AS session_stands,
        ${assessmentStatusSql('$2', '$1')} AS assessment_status,
        ${activeQuestionTypeSql('$5')} AS question_type,
        ($6::int IS NULL OR ${isActiveOptionSql('$6', '$5')}) AS option_stands),
    previous AS (
      SELECT file_path FROM answers WHERE assessment_id = $2::int AND question_id = $5::int),
    saved AS (
      INSERT INTO answers (user_id, assessment_id, question_id, option_id, value, file_path)
      SELECT $1::int, $2::int, $5::int, $6::int, $7::jsonb, $8::text
      FROM checks
      WHERE $9::boolean AND session_stands AND option_stands
        AND assessment_status = ANY (string_to_array($11::text, ','))
        AND question_type = $10::text
      ON CONFLICT (assessment_id, question_id) DO UPDATE SET
        user_id = excluded.user_id, option_id = excluded.option_id, value = excluded.value,
        file_path = excluded.file_path, updated_at = now()
      RETURNING 1)
    SELECT session_stands, assessment_status, question_type, option_stands,
      (SELECT file_path FROM previous), EXISTS (SELECT 1 FROM saved)
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
  const [row] = await runPrepared(db, SAVE_ANSWER, [
    text(claims.userId),
    text(claims.assessmentId),
    text(claims.tokenVersion),
    text(claims.assessmentTokenVersion),
    text(questionId),
    text(answer?.optionId),
    answer?.value == null ? null : JSON.stringify(answer.value),
    text(answer?.filePath),
    String(write !== null),
    text(write?.questionType),
    editable.join(','),
  ]);
  const [sessionStands, assessmentStatus, questionType, optionStands, previousFilePath, saved] =
    row!;
  return {
    sessionStands: sessionStands === 't',
    assessmentStatus: assessmentStatus as AssessmentStatus | null,
    questionType: questionType as QuestionType | null,
    optionStands: optionStands === 't',
    saved: saved === 't',
    previousFilePath: previousFilePath ?? null,
  };
}

/**
 * Whether an answer of the assessment (to the question, when given) refers to the stored file
 * (columns or values of the caller's query): a condition the media module's queries take, so
 * they need not know this table.
 */
export const answerRefersTo = (
  assessmentId: SQLWrapper,
  path: SQLWrapper,
  questionId?: number,
): SQL =>
  sql`EXISTS (SELECT 1 FROM ${answers} WHERE ${answers.assessmentId} = ${outer(assessmentId)}
    AND ${answers.filePath} = ${outer(path)}
    ${questionId === undefined ? sql`` : sql`AND ${answers.questionId} = ${questionId}`})`;

/** How many answers each of the given assessments has. */
export async function answerCountsOfAssessments(
  db: DbOrTx,
  assessmentIds: number[],
): Promise<Map<number, number>> {
  if (assessmentIds.length === 0) return new Map();
  const rows = await db
    .select({ assessmentId: answers.assessmentId, n: count() })
    .from(answers)
    .where(inArray(answers.assessmentId, assessmentIds))
    .groupBy(answers.assessmentId);
  return new Map(rows.map((row) => [row.assessmentId, Number(row.n)]));
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
