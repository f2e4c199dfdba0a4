import { sql } from 'drizzle-orm';
import type { Language } from '../../../shared/constants';
import type { DbOrTx } from '../../platform/db/client';
import { accountSessionRow } from '../accounts';
import { assessmentSessionRow, type AssessmentSessionEndReason } from '../assessments';

export interface SessionState {
  userId: number;
  email: string;
  isAdmin: boolean;
  tokenVersion: number;
  assessmentTokenVersion: number;
  language: Language;
  /** Why the assessment's sessions last ended, and when it was refunded (if it was). */
  sessionsEndedReason: AssessmentSessionEndReason | null;
  cancelledAt: Date | null;
}

/**
 * What a session check needs of the account and of its assessment, in one round trip: each
 * module gives its row as a subquery, joined here. Undefined when either is gone, or the
 * assessment is not the account's.
 */
export async function findSessionState(
  db: DbOrTx,
  userId: number,
  assessmentId: number,
): Promise<SessionState | undefined> {
  const result = (await db.execute(sql`
    SELECT account.user_id, account.email, account.is_admin, account.token_version,
      assessment.token_version AS assessment_token_version, assessment.language,
      assessment.sessions_ended_reason, assessment.cancelled_at
    FROM (${accountSessionRow(userId)}) AS account
    JOIN (${assessmentSessionRow(assessmentId)}) AS assessment
      ON assessment.user_id = account.user_id`)) as unknown as {
    rows: {
      user_id: number;
      email: string;
      is_admin: boolean;
      token_version: number;
      assessment_token_version: number;
      language: Language;
      sessions_ended_reason: AssessmentSessionEndReason | null;
      cancelled_at: string | Date | null;
    }[];
  };
  const [row] = result.rows;
  return row
    ? {
        userId: Number(row.user_id),
        email: row.email,
        isAdmin: row.is_admin,
        tokenVersion: Number(row.token_version),
        assessmentTokenVersion: Number(row.assessment_token_version),
        language: row.language,
        sessionsEndedReason: row.sessions_ended_reason,
        cancelledAt: row.cancelled_at === null ? null : new Date(row.cancelled_at),
      }
    : undefined;
}
