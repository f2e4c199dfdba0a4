import { answerForType, type SaveAnswerBody } from '../../../question-types/registry.shared';
import { serverOfType } from '../../../question-types/registry.server';
import type { AnswerChecks, StoredAnswer } from '../../../question-types/server-type';
import type { QuestionType } from '../../../shared/constants';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import type { SessionClaims } from '../../platform/auth-context';
import { claimsStillStand, sessionEndedError } from '../access';
import { EDITABLE_STATUSES, isEditable, notEditable, type PatientScope } from '../assessments';
import {
  discardUnreferencedUpload,
  savableUploadType,
  UNSAVED_UPLOAD_GRACE_MS,
  type RemovalDeps,
} from '../media';
import { isActiveOptionOf } from '../questionnaire';
import { saveAnswerInOneStatement } from '../answers';

/**
 * The type of each question, as last seen by this process: a save reads the body by its
 * question's type before its one statement, and the statement re-checks the type, so a stale
 * entry costs a retry, never a wrong answer. One map per database handle (tests run many apps).
 */
const questionTypes = new WeakMap<Db, Map<number, QuestionType>>();

/** A save whose question or option changed under it more often than this gives up. */
const ATTEMPTS = 3;

/**
 * Stores the patient's one current answer to a question of their current assessment.
 *
 * The hot path of the survey, one statement per save (`saveAnswerInOneStatement`): the route
 * checks only the token's signature (`checksSessionItself`) and the statement checks that the
 * session still stands, that the assessment is the session's and editable, that the question is
 * active and of the type the answer was read as, and that its option is an active option of the
 * question, then upserts. A review that starts, a logout or a deactivated question meanwhile
 * therefore refuses the answer without a transaction held open across round trips.
 *
 * The first save of a question in this process only checks (the type is not known yet) and
 * then writes; a media answer confirms the session first, before its upload is looked up.
 */
export async function saveAnswer(
  deps: RemovalDeps,
  claims: SessionClaims,
  body: SaveAnswerBody,
): Promise<void> {
  const { db } = deps;
  const scope: PatientScope = { userId: claims.userId, assessmentId: claims.assessmentId };
  const known = questionTypes.get(db) ?? new Map<number, QuestionType>();
  questionTypes.set(db, known);
  let questionType = known.get(body.questionId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const write = questionType
      ? {
          questionType,
          answer: await storedAnswer(db, claims, questionType, body, {
            // The statement checks every stored option against the question.
            isActiveOption: async () => true,
          }),
        }
      : null;
    const outcome = await saveAnswerInOneStatement(
      db,
      claims,
      body.questionId,
      write,
      EDITABLE_STATUSES,
    );
    if (!outcome.sessionStands) throw await sessionEndedError(db, claims);
    if (outcome.assessmentStatus === null) throw notFound();
    if (!isEditable(outcome.assessmentStatus)) throw notEditable();
    if (outcome.questionType === null) throw notFound('survey.questionNotFound');
    known.set(body.questionId, outcome.questionType);
    if (outcome.saved && write) {
      const previous = outcome.previousFilePath;
      if (previous && previous !== write.answer.filePath) {
        await discardUnreferencedUpload(deps, scope.assessmentId, previous);
      }
      return;
    }
    if (write && outcome.questionType === questionType && !outcome.optionStands) {
      // The type's own check says why, in its own words.
      await storedAnswer(db, claims, questionType, body, {
        isActiveOption: (optionId) => isActiveOptionOf(db, body.questionId, optionId),
      });
    }
    questionType = outcome.questionType;
  }
  throw notFound('survey.questionNotFound');
}

/** The body read and checked as an answer of `type`. */
function storedAnswer(
  db: Db,
  claims: SessionClaims,
  type: QuestionType,
  body: SaveAnswerBody,
  checks: Pick<AnswerChecks, 'isActiveOption'>,
): Promise<StoredAnswer> {
  return serverOfType(type).toStored(answerForType(type, body), {
    ...checks,
    savableUploadType: async (path) => {
      // Which uploads exist is for a standing session only.
      if (!(await claimsStillStand(db, claims))) throw await sessionEndedError(db, claims);
      return savableUploadType(db, claims, body.questionId, path, UNSAVED_UPLOAD_GRACE_MS / 1000);
    },
  });
}
