import type { AuthContext } from '../../platform/auth-context';
import { deleteAccount, findAccount, lockAccount } from '../accounts';
import { listAssessmentsOfAccount } from '../assessments';
import { rememberErasedCodes } from '../access';
import { recordAudit } from '../audit';
import { DomainError, conflict, invalid } from '../../platform/errors';
import { uploadPathsOfAccount } from '../media';
import type { RemovalDeps } from '../media';
import { removeFilesOfDeletedRows, removeResumableUploadsOf } from '../media';
import { deletePaymentsOfAccount } from '../payments';
import { recordErasure } from './privacy-repository';

export interface ErasureResult {
  erasedUserId: number;
  mediaFilesRemoved: number;
}

/**
 * Erases a patient: every row about them (answers, assessments, uploads, payments and the
 * details kept with them) and their media files. Deleting the user row also ends every token.
 * What remains is the erasure record and audit entries, which hold the bare id and no data.
 */
export async function erasePatient(
  deps: RemovalDeps,
  userId: number,
  reason: 'request' | 'retention',
  actorUserId: number | null,
): Promise<ErasureResult | null> {
  // Unfinished resumable uploads first: their parts are the patient's, and only their rows,
  // which go with the account, say where they are.
  await removeResumableUploadsOf(deps, { userId }).catch(() => undefined);
  const paths = await deps.db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (!user) return null;
    const files = await uploadPathsOfAccount(tx, userId);
    const assessments = await listAssessmentsOfAccount(tx, userId);
    await rememberErasedCodes(
      tx,
      assessments.map((assessment) => assessment.id),
      new Date(),
    );
    await deletePaymentsOfAccount(tx, userId, user.email);
    // Answers, assessments and uploads go with the user (ON DELETE CASCADE).
    await deleteAccount(tx, userId);
    return files;
  });
  if (!paths) return null;
  const mediaFilesRemoved = await removeFilesOfDeletedRows(deps, paths);
  await recordErasure(deps.db, { erasedUserId: userId, reason, actorUserId, mediaFilesRemoved });
  return { erasedUserId: userId, mediaFilesRemoved };
}

/**
 * An administrator's erasure of a patient, after typing the patient's e-mail address again;
 * administrators cannot be erased here. Audit-logged.
 */
export async function erasePatientOnRequest(
  deps: RemovalDeps,
  auth: AuthContext,
  input: { patientId: number; confirmEmail: string },
): Promise<ErasureResult> {
  const patient = await findAccount(deps.db, input.patientId);
  if (!patient) throw new DomainError('not_found', 'privacy.patientNotFound');
  if (patient.isAdmin) throw conflict('privacy.cannotEraseAdmin');
  if (patient.email !== input.confirmEmail.toLowerCase()) {
    throw invalid('privacy.confirmMismatch');
  }
  const result = await erasePatient(deps, input.patientId, 'request', auth.userId);
  if (!result) throw new DomainError('not_found', 'privacy.patientNotFound');
  await recordAudit(deps.db, auth, {
    action: 'patient.erase',
    patientUserId: input.patientId,
    detail: `${result.mediaFilesRemoved} media files`,
  });
  return result;
}
