import type { Language } from '../../../shared/constants';
import type { Db } from '../../platform/db/client';
import { runPrepared, type PreparedStatement } from '../../platform/db/prepared-statement';
import { accountSessionRowSql } from '../accounts';
import { assessmentSessionRowSql, type AssessmentSessionEndReason } from '../assessments';

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
 * What a session check needs of the account and of its assessment: each module gives its row as
 * a subquery, joined here in one prepared statement, since every authenticated request runs it
 * (parsed and planned once, where PGlite took about six times as long to parse it anew).
 */
const SESSION_STATE: PreparedStatement = {
  name: 'session_state_v1',
  text: `
    SELECT account.user_id, account.email, account.is_admin, account.token_version,
      assessment.token_version, assessment.language, assessment.sessions_ended_reason,
      assessment.cancelled_at_ms
    FROM (${accountSessionRowSql('$1')}) AS account
    JOIN (${assessmentSessionRowSql('$2')}) AS assessment
      ON assessment.user_id = account.user_id`,
};

/** Undefined when the account or the assessment is gone, or the assessment is not the account's. */
export async function findSessionState(
  db: Db,
  userId: number,
  assessmentId: number,
): Promise<SessionState | undefined> {
  const [row] = await runPrepared(db, SESSION_STATE, [String(userId), String(assessmentId)]);
  if (!row) return undefined;
  const [id, email, isAdmin, tokenVersion, assessmentTokenVersion, language, reason, cancelled] =
    row;
  return {
    userId: Number(id),
    email: email!,
    isAdmin: isAdmin === 't',
    tokenVersion: Number(tokenVersion),
    assessmentTokenVersion: Number(assessmentTokenVersion),
    language: language as Language,
    sessionsEndedReason: reason as AssessmentSessionEndReason | null,
    cancelledAt: cancelled === null ? null : new Date(Number(cancelled)),
  };
}
