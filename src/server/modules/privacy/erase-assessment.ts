import type { AssessmentErasureResult } from '../../../shared/contracts/privacy';
import type { AuthContext } from '../../platform/auth-context';
import type { Config } from '../../platform/config';
import { practiceCalendar } from '../../platform/calendar/practice-calendar';
import { DomainError, conflict, invalid } from '../../platform/errors';
import { rememberErasedCodes } from '../access';
import { findAccount } from '../accounts';
import {
  accountHasAssessments,
  deleteAssessment,
  listExpiredAssessments,
  lockAssessment,
} from '../assessments';
import { findAssessment } from '../assessments';
import { recordAudit } from '../audit';
import {
  removeFilesOfDeletedRows,
  removeResumableUploadsOf,
  uploadsOfAssessment,
  type RemovalDeps,
} from '../media';
import { forgetPaymentDetails } from '../payments';
import { erasePatient } from './erase';
import { enqueueErasureMail } from './erasure-mail';
import { recordErasure } from './privacy-repository';

export interface EraseAssessmentDeps extends RemovalDeps {
  config: Pick<Config, 'practice'>;
}

/**
 * Erases one assessment: its answers, uploads and their files, evaluation, access codes and the
 * patient's details kept with its payment; its invoice stays (the law), without health data.
 * Another assessment of the same address is not touched. When it was the address's last one, the
 * account goes too. `notify` queues the patient's notice that it is done, in the same
 * transaction (its job names no assessment, so it outlives the row).
 */
export async function eraseAssessment(
  deps: EraseAssessmentDeps,
  assessmentId: number,
  options: { reason: 'request' | 'retention'; actorUserId: number | null; notify: boolean },
): Promise<AssessmentErasureResult | null> {
  // Its unfinished resumable uploads first: only their rows, which go with it, say where the
  // parts are.
  await removeResumableUploadsOf(deps, { assessmentId }).catch(() => undefined);
  const erased = await deps.db.transaction(async (tx) => {
    if (!(await lockAssessment(tx, assessmentId))) return null;
    const assessment = (await findAssessment(tx, assessmentId))!;
    const files = await uploadsOfAssessment(tx, assessmentId);
    await forgetPaymentDetails(tx, assessmentId);
    await rememberErasedCodes(tx, [assessmentId], new Date());
    await deleteAssessment(tx, assessmentId);
    if (options.notify && assessment.email) {
      await enqueueErasureMail(tx, {
        to: assessment.email,
        name: `${assessment.firstName} ${assessment.lastName}`.trim(),
        language: assessment.language,
        orderedOn: practiceCalendar(deps.config.practice).formatDateTime(
          assessment.createdAt,
          assessment.language,
        ),
      });
    }
    return { userId: assessment.userId, paths: files.map((file) => file.path) };
  });
  if (!erased) return null;
  const mediaFilesRemoved = await removeFilesOfDeletedRows(deps, erased.paths);
  const patientErased = !(await accountHasAssessments(deps.db, erased.userId));
  if (patientErased) {
    await erasePatient(deps, erased.userId, options.reason, options.actorUserId);
  } else {
    await recordErasure(deps.db, {
      erasedUserId: erased.userId,
      reason: options.reason,
      actorUserId: options.actorUserId,
      mediaFilesRemoved,
    });
  }
  return { erasedAssessmentId: assessmentId, mediaFilesRemoved, patientErased };
}

const nameOf = (assessment: { firstName: string; lastName: string; email: string }) =>
  `${assessment.firstName} ${assessment.lastName}`.trim() || assessment.email;

/**
 * An administrator erases one assessment after typing its patient's name again (as entered at
 * its checkout): an address may be shared by a family, so the name says whose record goes.
 * Audit-logged; the patient is told by e-mail.
 */
export async function eraseAssessmentOnRequest(
  deps: EraseAssessmentDeps,
  auth: AuthContext,
  input: { assessmentId: number; confirmName: string },
): Promise<AssessmentErasureResult> {
  const assessment = await findAssessment(deps.db, input.assessmentId);
  if (!assessment) throw new DomainError('not_found', 'privacy.assessmentNotFound');
  const account = await findAccount(deps.db, assessment.userId);
  if (account?.isAdmin) throw conflict('privacy.cannotEraseAdmin');
  const typed = input.confirmName.replace(/\s+/g, ' ').trim().toLowerCase();
  if (typed !== nameOf(assessment).replace(/\s+/g, ' ').toLowerCase()) {
    throw invalid('privacy.confirmNameMismatch');
  }
  return eraseOnRequest(deps, auth, {
    assessmentId: input.assessmentId,
    patientUserId: assessment.userId,
    by: '',
  });
}

/** An erasure someone asked for: the patient is told by e-mail, the audit log names who asked. */
async function eraseOnRequest(
  deps: EraseAssessmentDeps,
  auth: AuthContext,
  target: { assessmentId: number; patientUserId: number; by: string },
): Promise<AssessmentErasureResult> {
  const result = await eraseAssessment(deps, target.assessmentId, {
    reason: 'request',
    actorUserId: auth.userId,
    notify: true,
  });
  if (!result) throw new DomainError('not_found', 'privacy.assessmentNotFound');
  await recordAudit(deps.db, auth, {
    action: 'assessment.erase',
    patientUserId: target.patientUserId,
    detail: `assessment ${target.assessmentId}${target.by}; ${result.mediaFilesRemoved} media files`,
  });
  return result;
}

/** The patient erases their own assessment (the session's, and no other of their address). */
export async function eraseOwnAssessment(
  deps: EraseAssessmentDeps,
  auth: AuthContext,
): Promise<AssessmentErasureResult> {
  return eraseOnRequest(deps, auth, {
    assessmentId: auth.assessmentId,
    patientUserId: auth.userId,
    by: ' by the patient',
  });
}

/**
 * Erases evaluated assessments whose evaluation is older than the cut-off, each on its own; a
 * patient left with no assessment at all is erased entirely.
 */
export async function eraseExpiredAssessments(
  deps: EraseAssessmentDeps,
  cutoff: Date,
): Promise<{ assessments: number; patients: number }> {
  const expired = await listExpiredAssessments(deps.db, cutoff);
  let patients = 0;
  for (const { id } of expired) {
    const result = await eraseAssessment(deps, id, {
      reason: 'retention',
      actorUserId: null,
      notify: false,
    });
    if (result?.patientErased) patients += 1;
  }
  return { assessments: expired.length, patients };
}
