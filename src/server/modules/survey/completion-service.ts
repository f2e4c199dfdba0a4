import type { CompletionResult } from '../../../shared/contracts/survey';
import type { Db } from '../../platform/db/client';
import { DomainError, notFound } from '../../platform/errors';
import { unansweredRequiredQuestionIds } from '../answers';
import {
  findPatientAssessment,
  submitWithCompletionMail,
  type PatientScope,
  type SubmitDeps,
} from '../assessments';

/**
 * Marks the assessment submitted and queues the completion mail once per access code; refused
 * while a required question has no answer, naming those questions. The answers were saved as
 * the patient went, so this one request is all completing takes. The conditional update claims
 * the mail in the transaction that queues it: concurrent calls queue one mail, which the job
 * worker sends (and retries) after the reply.
 */
export async function completeAssessment(
  deps: SubmitDeps & { db: Db },
  scope: PatientScope,
  now = new Date(),
): Promise<CompletionResult> {
  return deps.db.transaction(async (tx) => {
    const assessment = await findPatientAssessment(tx, scope);
    if (!assessment) throw notFound();
    const missing = await unansweredRequiredQuestionIds(tx, scope.assessmentId);
    if (missing.length > 0) {
      throw new DomainError('conflict', 'survey.incomplete', {}, { missingQuestionIds: missing });
    }

    // Submits it for review (due date, practice notification) the first time only.
    const sent = await submitWithCompletionMail({ ...deps, db: tx }, assessment.id, now);
    return { ok: true as const, sent };
  });
}
