import { answerForType, type SaveResponseBody } from '../../../question-types/registry.shared';
import { serverOfType } from '../../../question-types/registry.server';
import type { StoredAnswer } from '../../../question-types/server-type';
import { notFound } from '../../platform/errors';
import { notEditable, requireEditableAssessment } from '../assessments/assessment-guard';
import { EDITABLE_STATUSES, isEditable, type PatientScope } from '../assessments/assessment-state';
import { savableUploadType } from '../media/media-repository';
import {
  discardUnreferencedUpload,
  UNSAVED_UPLOAD_GRACE_MS,
  type RemovalDeps,
} from '../media/upload-removal';
import { isActiveOptionOf } from '../questionnaire/questionnaire-repository';
import { findQuestionForAnswer, upsertAnswer } from './answers-repository';

/**
 * Stores the patient's one current answer to a question of their current assessment.
 *
 * The hot path of the survey: one read of the question with the assessment's status, the
 * answer checked by its question's type, and one upsert (`storeAnswer`) that re-checks, in the
 * same statement, that the assessment is still editable and the question still active. A review that
 * starts (or a question deactivated) meanwhile therefore still refuses the answer, without a
 * transaction held open across round trips.
 */
export async function saveResponse(
  deps: RemovalDeps,
  scope: PatientScope,
  body: SaveResponseBody,
): Promise<void> {
  const { db } = deps;
  const found = await findQuestionForAnswer(db, scope, body.questionId);
  if (!found) {
    await requireEditableAssessment(db, scope);
    throw notFound('survey.questionNotFound');
  }
  const { question, assessmentStatus } = found;
  if (assessmentStatus === null) throw notFound();
  if (!isEditable(assessmentStatus)) throw notEditable();
  const answer = await serverOfType(question.questionType).toStored(
    answerForType(question.questionType, body),
    {
      isActiveOption: (optionId) => isActiveOptionOf(db, question.id, optionId),
      savableUploadType: (path) =>
        savableUploadType(db, scope, question.id, path, UNSAVED_UPLOAD_GRACE_MS / 1000),
    },
  );
  await storeAnswer(deps, scope, question.id, answer);
}

/**
 * Writes an answer that has been checked against its question, and removes the photo or video
 * it replaces (Retake), once the new answer is stored. This is the one place an answer's media
 * changes, so an upload that saves its own answer calls this too.
 *
 * The earlier file is removed only when no answer refers to it any more, and its removal never
 * fails the save. Of two saves racing for one question, the second may not see the file the
 * first stored; no answer refers to that file then, so the clean-up job removes it a day later.
 */
export async function storeAnswer(
  deps: RemovalDeps,
  scope: PatientScope,
  questionId: number,
  answer: StoredAnswer,
): Promise<void> {
  const saved = await upsertAnswer(deps.db, scope, questionId, answer, EDITABLE_STATUSES);
  if (saved === 'refused') {
    // Changed since the checks: answer as a fresh request would.
    await requireEditableAssessment(deps.db, scope);
    throw notFound('survey.questionNotFound');
  }
  const previous = saved.previousMediaPath;
  if (previous && previous !== answer.mediaPath) {
    await discardUnreferencedUpload(deps, scope.accessCodeId, previous);
  }
}
