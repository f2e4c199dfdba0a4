import type { StoredAnswer } from '../../../question-types/server-type';
import type { QuestionType } from '../../../shared/constants';
import type { SessionClaims } from '../../platform/auth-context';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { sessionEndedError } from '../access';
import { EDITABLE_STATUSES, isEditable, notEditable } from '../assessments';
import { saveAnswerInOneStatement } from './answers-repository';

/**
 * Writes an answer already checked as one of `questionType` (an upload that becomes its
 * question's answer) by the one save statement, which re-checks the session, that the
 * assessment is still editable and the question still active and of that type. Returns the file
 * the answer referred to before, which the caller removes when no answer refers to it any more.
 */
export async function storeAnswer(
  db: Db,
  claims: SessionClaims,
  questionId: number,
  questionType: QuestionType,
  answer: StoredAnswer,
): Promise<{ previousFilePath: string | null }> {
  const outcome = await saveAnswerInOneStatement(
    db,
    claims,
    questionId,
    { questionType, answer },
    EDITABLE_STATUSES,
  );
  if (!outcome.sessionStands) throw await sessionEndedError(db, claims);
  if (outcome.assessmentStatus === null) throw notFound();
  if (!isEditable(outcome.assessmentStatus)) throw notEditable();
  if (!outcome.saved) throw notFound('survey.questionNotFound');
  return { previousFilePath: outcome.previousFilePath };
}
