import type { DbOrTx } from '../../platform/db/client';
import { findAccount, type AccountRow } from '../accounts';
import { findAssessment, type AssessmentRow } from './assessments-repository';

/** The assessment with the account it belongs to, or undefined when it no longer exists. */
export async function findAssessmentWithAccount(
  db: DbOrTx,
  id: number,
): Promise<{ assessment: AssessmentRow; account: AccountRow } | undefined> {
  const assessment = await findAssessment(db, id);
  if (!assessment) return undefined;
  const account = await findAccount(db, assessment.userId);
  return account ? { assessment, account } : undefined;
}
