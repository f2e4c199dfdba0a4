import { and, eq, exists, gt, or, sql } from 'drizzle-orm';
import type { SaveResponseBody } from '../../shared/contracts/survey';
import type { DbOrTx } from '../db/client';
import { accessCodes, mediaUploads, questionOptions, questions, responses } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';
import {
  discardUnreferencedUpload,
  UNSAVED_UPLOAD_GRACE_MS,
  type RemovalDeps,
} from './upload-removal';

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

export interface StoredAnswer {
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
      // An upload is saved within the grace period or is this answer's already (the final
      // submit saves every answer again): the clean-up job removes only uploads that are
      // neither, so it cannot take a file away while an answer starts to refer to it.
      const [upload] = await db
        .select({ mediaType: mediaUploads.mediaType })
        .from(mediaUploads)
        .where(
          and(
            eq(mediaUploads.path, body.mediaPath),
            eq(mediaUploads.userId, scope.userId),
            eq(mediaUploads.accessCodeId, scope.accessCodeId),
            eq(mediaUploads.status, 'stored'),
            or(
              gt(
                mediaUploads.createdAt,
                sql`now() - make_interval(secs => ${UNSAVED_UPLOAD_GRACE_MS / 1000})`,
              ),
              exists(
                db
                  .select({ id: responses.id })
                  .from(responses)
                  .where(
                    and(
                      eq(responses.accessCodeId, scope.accessCodeId),
                      eq(responses.questionId, question.id),
                      eq(responses.mediaPath, body.mediaPath),
                    ),
                  ),
              ),
            ),
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
 * assessment's status, and one upsert (`storeAnswer`) that re-checks, in the same statement,
 * that the assessment is still editable and the question still active. A review that starts (or
 * a question deactivated) between the two statements therefore still refuses the answer, as the
 * former check-then-write transaction did, without holding a transaction open across round trips.
 */
export async function saveResponse(
  deps: RemovalDeps,
  scope: PatientScope,
  body: SaveResponseBody,
): Promise<void> {
  const { db } = deps;
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
  await storeAnswer(deps, scope, found.question.id, answer);
}

/**
 * Writes an answer that has been checked against its question, and removes the photo or video
 * it replaces (Retake), once the new answer is stored. This is the one place an answer's media
 * changes, so an upload that saves its own answer calls this too.
 *
 * The previous media path comes from the same statement (its snapshot, before the upsert). The
 * earlier file is removed only when no answer refers to it any more, and its removal never fails
 * the save. Of two saves racing for one question, the second may not see the file the first
 * stored; no answer refers to that file then, so the clean-up job removes it a day later.
 */
export async function storeAnswer(
  deps: RemovalDeps,
  scope: PatientScope,
  questionId: number,
  answer: StoredAnswer,
): Promise<void> {
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  const saved = (await deps.db.execute(sql`
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
          [...EDITABLE_STATUSES].map((status) => sql`${status}`),
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
  if (!row) {
    // Changed between the two statements: answer as a fresh request would.
    await requireEditableAssessment(deps.db, scope);
    throw notFound('survey.questionNotFound');
  }
  const previous = row.previous_media_path;
  if (previous && previous !== answer.mediaPath) {
    await discardUnreferencedUpload(deps, scope.accessCodeId, previous);
  }
}
