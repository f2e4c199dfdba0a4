import { and, eq } from 'drizzle-orm';
import type { SaveResponseBody } from '../../shared/contracts/survey';
import type { Db, DbOrTx } from '../db/client';
import { accessCodes, mediaUploads, questionOptions, questions, responses } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';

/** Assessment states in which the patient may still change answers (before review starts). */
const EDITABLE_STATUSES = new Set(['in_progress', 'submitted']);

export interface PatientScope {
  userId: number;
  accessCodeId: number;
}

/** The patient's current assessment, refusing one that is not theirs or already under review. */
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

/** Stores the patient's one current answer to a question of their current assessment. */
export async function saveResponse(
  db: Db,
  scope: PatientScope,
  body: SaveResponseBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEditableAssessment(tx, scope);
    const [question] = await tx
      .select()
      .from(questions)
      .where(and(eq(questions.id, body.questionId), eq(questions.isActive, true)));
    if (!question) throw notFound('survey.questionNotFound');
    const answer = await validateAnswer(tx, scope, question, body);
    const now = new Date();
    await tx
      .insert(responses)
      .values({
        userId: scope.userId,
        accessCodeId: scope.accessCodeId,
        questionId: question.id,
        ...answer,
      })
      .onConflictDoUpdate({
        target: [responses.accessCodeId, responses.questionId],
        set: { ...answer, userId: scope.userId, updatedAt: now },
      });
  });
}
