import type { DbOrTx } from '../../platform/db/client';
import { insertAssessment, type AssessmentRow, type NewAssessment } from './assessments-repository';

/** What a checkout records about the patient on the assessment it bought. */
export type AssessmentDetails = Partial<Omit<NewAssessment, 'id' | 'userId'>>;

/**
 * A new assessment of the account, in progress, with the patient's details as entered at its
 * checkout. The code that opens it is issued by the accounts module.
 */
export async function createAssessment(
  db: DbOrTx,
  userId: number,
  details: AssessmentDetails = {},
): Promise<AssessmentRow> {
  return insertAssessment(db, { ...details, userId });
}
