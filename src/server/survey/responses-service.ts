import { and, eq, sql } from 'drizzle-orm';
import type { SaveResponseBody } from '../../shared/contracts/survey';
import type { Db, DbOrTx } from '../db/client';
import { accessCodes, mediaUploads, questionOptions, questions, responses } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';

/** Completing freezes the assessment: answers change only while it is in progress. */
const EDITABLE_STATUSES = new Set(['in_progress']);

export interface PatientScope {
  userId: number;
  accessCodeId: number;
}

/** The patient's current assessment, refusing one that is not theirs or already completed. */
export async function requireEditableAssessment(db: DbOrTx, scope: PatientScope): Promise<void> {
  const [code] = await db
    .select({ status: accessCodes.status })
    .from(accessCodes)
    .where(and(eq(accessCodes.id, scope.accessCodeId), eq(accessCodes.userId, scope.userId)));
  if (!code) throw notFound();
  if (!EDITABLE_STATUSES.has(code.status)) throw new AppError(409, 'survey.notEditable');
}

interface StoredAnswer {
  answerText: string | null;
  optionId: number | null;
  mediaType: 'photo' | 'video' | null;
  mediaPath: string | null;
  painPoints: SaveResponseBody['painPoints'] | null;
  symptoms: SaveResponseBody['symptoms'] | null;
}

const EMPTY: StoredAnswer = {
  answerText: null,
  optionId: null,
  mediaType: null,
  mediaPath: null,
  painPoints: null,
  symptoms: null,
};

/**
 * Checks an answer against its question's type and keeps only what that type stores. A body
 * with nothing but the question id is a skipped question and stores an empty answer.
 */
async function validateAnswer(
  db: DbOrTx,
  scope: PatientScope,
  question: typeof questions.$inferSelect,
  body: SaveResponseBody,
): Promise<StoredAnswer> {
  switch (question.questionType) {
    case 'text':
      return { ...EMPTY, answerText: body.answerText?.trim() ?? '' };
    case 'multiple_choice': {
      if (body.optionId == null) return EMPTY;
      const [option] = await db
        .select({ id: questionOptions.id })
        .from(questionOptions)
        .where(
          and(
            eq(questionOptions.id, body.optionId),
            eq(questionOptions.questionId, question.id),
            eq(questionOptions.isActive, true),
          ),
        );
      if (!option) throw badRequest('survey.invalidOption');
      return { ...EMPTY, optionId: option.id };
    }
    case 'photo':
    case 'video': {
      if (!body.mediaPath && !body.mediaType) return EMPTY;
      if (!body.mediaPath || body.mediaType !== question.questionType) {
        throw badRequest('survey.invalidMedia');
      }
      const [upload] = await db
        .select({ mediaType: mediaUploads.mediaType })
        .from(mediaUploads)
        .where(
          and(
            eq(mediaUploads.path, body.mediaPath),
            eq(mediaUploads.userId, scope.userId),
            eq(mediaUploads.accessCodeId, scope.accessCodeId),
          ),
        );
      if (!upload || upload.mediaType !== question.questionType) {
        throw badRequest('survey.invalidMedia');
      }
      return { ...EMPTY, mediaType: upload.mediaType, mediaPath: body.mediaPath };
    }
    case 'pain_atlas':
      return { ...EMPTY, painPoints: body.painPoints ?? [] };
    case 'pain_symptoms': {
      const symptoms = body.symptoms ?? [];
      if (new Set(symptoms.map((s) => s.name)).size !== symptoms.length) {
        throw badRequest('survey.duplicateSymptom');
      }
      return { ...EMPTY, symptoms };
    }
  }
}

/**
 * Stores the patient's one current answer to a question of their current assessment.
 *
 * The hot path of the survey, so it takes two statements: one read of the question with the
 * assessment's status, and one upsert that re-checks, in the same statement, that the
 * assessment is still editable and the question still active. A review that starts (or a
 * question deactivated) between the two statements therefore still refuses the answer, as the
 * former check-then-write transaction did, without holding a transaction open across round trips.
 */
export async function saveResponse(
  db: Db,
  scope: PatientScope,
  body: SaveResponseBody,
): Promise<void> {
  const [found] = await db
    .select({
      question: questions,
      codeStatus: sql<string | null>`(SELECT ${accessCodes.status} FROM ${accessCodes}
        WHERE ${accessCodes.id} = ${scope.accessCodeId} AND ${accessCodes.userId} = ${scope.userId})`,
    })
    .from(questions)
    .where(and(eq(questions.id, body.questionId), eq(questions.isActive, true)));
  if (!found) {
    await requireEditableAssessment(db, scope);
    throw notFound('survey.questionNotFound');
  }
  if (found.codeStatus === null) throw notFound();
  if (!EDITABLE_STATUSES.has(found.codeStatus)) throw new AppError(409, 'survey.notEditable');
  const answer = await validateAnswer(db, scope, found.question, body);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const saved = (await db.execute(sql`
    INSERT INTO ${responses} (user_id, access_code_id, question_id, option_id, answer_text,
      media_type, media_path, pain_points, symptoms)
    SELECT ${scope.userId}::int, ${scope.accessCodeId}::int, ${found.question.id}::int,
      ${answer.optionId}::int, ${answer.answerText}::text, ${answer.mediaType}::text,
      ${answer.mediaPath}::text, ${json(answer.painPoints)}::jsonb, ${json(answer.symptoms)}::jsonb
    WHERE EXISTS (SELECT 1 FROM ${accessCodes} WHERE ${accessCodes.id} = ${scope.accessCodeId}
        AND ${accessCodes.userId} = ${scope.userId}
        AND ${accessCodes.status} IN (${sql.join(
          [...EDITABLE_STATUSES].map((status) => sql`${status}`),
          sql`, `,
        )}))
      AND EXISTS (SELECT 1 FROM ${questions} WHERE ${questions.id} = ${found.question.id}
        AND ${questions.isActive})
    ON CONFLICT (access_code_id, question_id) DO UPDATE SET
      user_id = excluded.user_id, option_id = excluded.option_id,
      answer_text = excluded.answer_text, media_type = excluded.media_type,
      media_path = excluded.media_path, pain_points = excluded.pain_points,
      symptoms = excluded.symptoms, updated_at = now()
    RETURNING id`)) as unknown as { rows: unknown[] };
  if (saved.rows.length === 0) {
    // Changed between the two statements: answer as a fresh request would.
    await requireEditableAssessment(db, scope);
    throw notFound('survey.questionNotFound');
  }
}
