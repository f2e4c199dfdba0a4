import type { DbOrTx } from '../../platform/db/client';
import { latestNamesOfAccounts, namesOfAssessments } from './assessments-repository';

/**
 * Each entry's patient name: as entered for the assessment it is about, else as entered at the
 * patient's latest checkout (entries about a patient as a whole). Keyed by entry id; entries
 * without a name are left out.
 */
export async function patientNamesOf(
  db: DbOrTx,
  entries: { id: number; patientUserId: number | null; assessmentId: number | null }[],
): Promise<Map<number, string>> {
  const [byAssessment, byAccount] = await Promise.all([
    namesOfAssessments(
      db,
      entries.flatMap((entry) => (entry.assessmentId ? [entry.assessmentId] : [])),
    ),
    latestNamesOfAccounts(
      db,
      entries.flatMap((entry) => (entry.patientUserId ? [entry.patientUserId] : [])),
    ),
  ]);
  const names = new Map<number, string>();
  for (const entry of entries) {
    const name =
      (entry.assessmentId && byAssessment.get(entry.assessmentId)) ||
      (entry.patientUserId && byAccount.get(entry.patientUserId));
    if (name) names.set(entry.id, name);
  }
  return names;
}
