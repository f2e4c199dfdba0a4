import type { PatientAssessment, PatientEvaluation } from '../../../shared/contracts/evaluation';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import type { DbOrTx } from '../../platform/db/client';
import { DomainError, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { findPatientAssessment, type AssessmentRow } from '../assessments';
import { renderEvaluationPdf } from './evaluation-pdf';
import type { EvaluationDeps } from './evaluation-service';
import { practiceContact, toPatientEvaluation } from './evaluation-view';
import { findEvaluation, listAddenda } from './evaluations-repository';

/**
 * The patient's side: where their assessment stands and, once sent, the evaluation, always of
 * the session's own assessment. Each read of a sent evaluation is audit-logged.
 */
export async function sentEvaluation(
  deps: Pick<EvaluationDeps, 'config'>,
  db: DbOrTx,
  assessment: AssessmentRow,
): Promise<PatientEvaluation | null> {
  const evaluation = await findEvaluation(db, assessment.id);
  if (!evaluation?.sentAt) return null;
  const addenda = await listAddenda(db, assessment.id);
  const view = toPatientEvaluation(
    evaluation,
    undefined,
    addenda,
    assessment.language,
    deps.config.letterhead,
  );
  return { ...view, sentAt: evaluation.sentAt.toISOString() };
}

async function ownAssessment(db: DbOrTx, auth: AuthContext): Promise<AssessmentRow> {
  const assessment = await findPatientAssessment(db, auth);
  if (!assessment) throw notFound();
  return assessment;
}

export async function patientAssessment(
  deps: EvaluationDeps,
  auth: AuthContext,
): Promise<PatientAssessment> {
  const assessment = await ownAssessment(deps.db, auth);
  const evaluation = await sentEvaluation(deps, deps.db, assessment);
  if (evaluation) {
    await recordAudit(deps.db, auth, {
      action: 'evaluation.read',
      patientUserId: assessment.userId,
      assessmentId: assessment.id,
    });
  }
  return {
    status: assessment.status,
    submittedAt: assessment.submittedAt?.toISOString() ?? null,
    // A refunded assessment is owed no evaluation, so it has no due date either.
    dueOn:
      assessment.dueAt && !assessment.cancelledAt
        ? practiceCalendar(deps.config.practice).localDate(assessment.dueAt)
        : null,
    evaluation,
    contact: practiceContact(deps.config.letterhead),
  };
}

/** The sent evaluation as a PDF; 404 before it is sent, as for any other assessment's. */
export async function patientEvaluationPdf(deps: EvaluationDeps, auth: AuthContext) {
  const assessment = await ownAssessment(deps.db, auth);
  const evaluation = await sentEvaluation(deps, deps.db, assessment);
  if (!evaluation) throw new DomainError('not_found', 'evaluation.notReady');
  await recordAudit(deps.db, auth, {
    action: 'evaluation.pdf',
    patientUserId: assessment.userId,
    assessmentId: assessment.id,
  });
  const pdf = renderEvaluationPdf({
    evaluation,
    patient: {
      name: `${assessment.firstName} ${assessment.lastName}`.trim(),
      dateOfBirth: assessment.dateOfBirth,
      assessmentId: assessment.id,
    },
    language: assessment.language,
    letterhead: deps.config.letterhead,
    calendar: practiceCalendar(deps.config.practice),
  });
  return { pdf, language: assessment.language };
}
