import type { AdminEvaluation, EvaluationDraftBody } from '../../../shared/contracts/evaluation';
import type { Config } from '../../platform/config';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import type { Db, DbOrTx } from '../../platform/db/client';
import { DomainError, conflict, invalid } from '../../platform/errors';
import { enqueue } from '../../platform/jobs/job-queue';
import type { AuthContext } from '../../platform/auth-context';
import { accountDisplayName } from '../accounts';
import { recordAudit } from '../audit';
import { screenerScores } from '../answers';
import { OPEN_REVIEW_STATUSES } from '../assessments';
import { startReview } from '../assessments';
import {
  findAssessment,
  lockAssessment,
  transitionAssessment,
  type AssessmentRow,
} from '../assessments';
import { evaluationMailJob } from './evaluation-mails';
import { toAddenda, toPatientEvaluation } from './evaluation-view';
import {
  findConclusion,
  findEvaluation,
  insertAddendum,
  listAddenda,
  markEvaluationSent,
  saveDraftRow,
  type EvaluationRow,
} from './evaluations-repository';

/**
 * The dentist's side of an evaluation: opening it (which takes the assessment into review), the
 * draft saved as they type, sending it once, and addenda after. Every step is audit-logged.
 */
export interface EvaluationDeps {
  db: Db;
  config: Pick<Config, 'practice' | 'letterhead'>;
}

const notFound = () => new DomainError('not_found', 'review.notFound');
const alreadySent = () => conflict('evaluation.alreadySent');

/** A submitted assessment that exists; the review steps are refused before submission. */
async function submittedAssessment(db: DbOrTx, id: number): Promise<AssessmentRow> {
  const assessment = await findAssessment(db, id);
  if (!assessment) throw notFound();
  if (assessment.status === 'in_progress') throw conflict('review.notSubmitted');
  return assessment;
}

/** An assessment whose evaluation may still be written: not one refunded and cancelled. */
async function writableAssessment(db: DbOrTx, id: number): Promise<AssessmentRow> {
  const assessment = await submittedAssessment(db, id);
  if (assessment.cancelledAt) throw conflict('evaluation.cancelled');
  return assessment;
}

const emptyDraft = (assessment: AssessmentRow): EvaluationRow => ({
  assessmentId: assessment.id,
  userId: assessment.userId,
  conclusionId: null,
  findings: '',
  recommendations: '',
  callToAction: false,
  updatedAt: assessment.createdAt,
  updatedByEmail: null,
  sentAt: null,
  sentByUserId: null,
  sentByEmail: null,
  sentByName: null,
  conclusionEn: null,
  conclusionDe: null,
});

async function adminView(
  deps: EvaluationDeps,
  db: DbOrTx,
  assessment: AssessmentRow,
): Promise<AdminEvaluation> {
  const stored = await findEvaluation(db, assessment.id);
  const evaluation = stored ?? emptyDraft(assessment);
  const chosen = evaluation.conclusionId
    ? await findConclusion(db, evaluation.conclusionId)
    : undefined;
  const addenda = await listAddenda(db, assessment.id);
  const scores = await screenerScores(db, [assessment.id]);
  const { letterhead } = deps.config;
  return {
    assessmentId: assessment.id,
    status: assessment.status,
    patientName: `${assessment.firstName} ${assessment.lastName}`.trim() || assessment.email,
    screener: scores.get(assessment.id) ?? null,
    patientLanguage: assessment.language,
    conclusionId: evaluation.conclusionId,
    findings: evaluation.findings,
    recommendations: evaluation.recommendations,
    callToAction: evaluation.callToAction,
    callToActionAvailable: Boolean(letterhead.bookingUrl || letterhead.phone),
    updatedAt: stored ? stored.updatedAt.toISOString() : null,
    sentAt: evaluation.sentAt?.toISOString() ?? null,
    sentBy: evaluation.sentByEmail,
    addenda: toAddenda(addenda),
    preview: toPatientEvaluation(evaluation, chosen, addenda, assessment.language, letterhead),
    // A refunded assessment is owed no evaluation, so it has no due date either.
    dueOn:
      assessment.dueAt && !assessment.cancelledAt
        ? practiceCalendar(deps.config.practice).localDate(assessment.dueAt)
        : null,
  };
}

/** Opening a submitted assessment takes it into review; returns it as it is now. */
async function openedForReview(
  db: DbOrTx,
  actor: AuthContext,
  assessment: AssessmentRow,
  now: Date,
): Promise<AssessmentRow> {
  if (assessment.status !== 'submitted' || assessment.cancelledAt) return assessment;
  const moved = await startReview(db, actor, assessment.id, now);
  return moved ?? (await findAssessment(db, assessment.id)) ?? assessment;
}

/** The dentist opens the assessment: it moves into review, and the view is audit-logged. */
export async function openEvaluation(
  deps: EvaluationDeps,
  actor: AuthContext,
  id: number,
  now = new Date(),
): Promise<AdminEvaluation> {
  return deps.db.transaction(async (tx) => {
    const assessment = await openedForReview(tx, actor, await submittedAssessment(tx, id), now);
    await recordAudit(tx, actor, {
      action: 'evaluation.read',
      patientUserId: assessment.userId,
      assessmentId: id,
    });
    return adminView(deps, tx, assessment);
  });
}

/** The draft as the dentist types; refused once the evaluation was sent. */
export async function saveDraft(
  deps: EvaluationDeps,
  actor: AuthContext,
  id: number,
  body: EvaluationDraftBody,
  now = new Date(),
): Promise<AdminEvaluation> {
  return deps.db.transaction(async (tx) => {
    let assessment = await writableAssessment(tx, id);
    if (assessment.status === 'evaluated') throw alreadySent();
    if (body.conclusionId !== null && !(await findConclusion(tx, body.conclusionId))) {
      throw invalid('evaluation.unknownConclusion');
    }
    assessment = await openedForReview(tx, actor, assessment, now);
    const saved = await saveDraftRow(tx, {
      assessmentId: id,
      userId: assessment.userId,
      conclusionId: body.conclusionId,
      findings: body.findings,
      recommendations: body.recommendations,
      callToAction: body.callToAction ?? false,
      updatedAt: now,
      updatedByEmail: actor.email,
    });
    if (!saved) throw alreadySent();
    await recordAudit(tx, actor, {
      action: 'evaluation.draft',
      patientUserId: assessment.userId,
      assessmentId: id,
    });
    return adminView(deps, tx, assessment);
  });
}

/**
 * Sends the evaluation once: it becomes read-only, the assessment `evaluated` (with who sent it
 * and when), and the "your evaluation is ready" mail is queued in the same transaction.
 */
export async function sendEvaluation(
  deps: EvaluationDeps,
  actor: AuthContext,
  id: number,
  now = new Date(),
): Promise<AdminEvaluation> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockAssessment(tx, id))) throw notFound();
    const assessment = await writableAssessment(tx, id);
    if (assessment.status === 'evaluated') throw alreadySent();
    const draft = await findEvaluation(tx, id);
    const chosen = draft?.conclusionId ? await findConclusion(tx, draft.conclusionId) : undefined;
    if (!chosen) throw conflict('evaluation.noConclusion');

    const sent = await markEvaluationSent(tx, id, {
      sentAt: now,
      sentByUserId: actor.userId,
      sentByEmail: actor.email,
      sentByName: await accountDisplayName(tx, actor.userId),
      conclusionEn: chosen.textEn,
      conclusionDe: chosen.textDe,
    });
    if (!sent) throw alreadySent();
    const evaluated = await transitionAssessment(tx, id, OPEN_REVIEW_STATUSES, {
      status: 'evaluated',
      evaluatedAt: now,
      evaluationSentOn: practiceCalendar(deps.config.practice).localDate(now),
    });
    if (!evaluated) throw alreadySent();
    await enqueue(
      tx,
      evaluationMailJob,
      { assessmentId: id, kind: 'ready' },
      { assessmentId: id, dedupeKey: `evaluation-ready:${id}` },
    );
    await recordAudit(tx, actor, {
      action: 'evaluation.send',
      patientUserId: evaluated.userId,
      assessmentId: id,
    });
    return adminView(deps, tx, evaluated);
  });
}

/**
 * A correction to a sent evaluation, dated, shown below it; the evaluation itself stays. The
 * patient is e-mailed that there is one.
 */
export async function addAddendum(
  deps: EvaluationDeps,
  actor: AuthContext,
  id: number,
  text: string,
  now = new Date(),
): Promise<AdminEvaluation> {
  return deps.db.transaction(async (tx) => {
    const assessment = await submittedAssessment(tx, id);
    const evaluation = await findEvaluation(tx, id);
    if (!evaluation?.sentAt) throw conflict('evaluation.notSent');
    await insertAddendum(tx, {
      userId: assessment.userId,
      assessmentId: id,
      text,
      authorEmail: actor.email,
      authorName: await accountDisplayName(tx, actor.userId),
      createdAt: now,
    });
    // The patient is told; addenda added while that mail waits share it.
    await enqueue(
      tx,
      evaluationMailJob,
      { assessmentId: id, kind: 'addendum' },
      { assessmentId: id, dedupeKey: `evaluation-addendum:${id}` },
    );
    await recordAudit(tx, actor, {
      action: 'evaluation.addendum',
      patientUserId: assessment.userId,
      assessmentId: id,
    });
    return adminView(deps, tx, assessment);
  });
}
