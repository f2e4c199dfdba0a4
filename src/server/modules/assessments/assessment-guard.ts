import type { DbOrTx } from '../../platform/db/client';
import { DomainError, notFound } from '../../platform/errors';
import { isEditable, type PatientScope } from './assessment-state';
import { findPatientAssessment } from './assessments-repository';

/** Completing freezes the assessment: answers and media change only while it is in progress. */
export const notEditable = () => new DomainError('conflict', 'survey.notEditable');

/** The patient's current assessment, refusing one that is not theirs or already completed. */
export async function requireEditableAssessment(db: DbOrTx, scope: PatientScope): Promise<void> {
  const assessment = await findPatientAssessment(db, scope);
  if (!assessment) throw notFound();
  if (!isEditable(assessment.status)) throw notEditable();
}
