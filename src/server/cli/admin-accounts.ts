import { createAssessmentWithCode } from '../modules/access';
import { endAccountSessions, enrolAdmin, revokeAdmin } from '../modules/accounts';
import { generateTotpSecret } from '../modules/accounts';
import { retireCodesOf } from '../modules/access';
import { listAssessmentsOfAccount } from '../modules/assessments';
import type { Db, DbOrTx } from '../platform/db/client';

/** Retires every access code of the account: none of them signs in again. */
async function retireAccountCodes(db: DbOrTx, userId: number): Promise<void> {
  const assessments = await listAssessmentsOfAccount(db, userId);
  await retireCodesOf(
    db,
    assessments.map((assessment) => assessment.id),
    new Date(),
  );
}

/**
 * Creates an admin account, or promotes an existing one, enrols a fresh authenticator app and
 * issues a fresh access code. Every earlier session of the account ends and every earlier access
 * code stops working: a promoted patient's token never becomes an admin token, and a re-run for
 * a lost phone locks out whoever holds the old phone or the old code.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; firstName: string; lastName: string; displayName?: string },
): Promise<{ email: string; code: string; totpSecret: string; created: boolean; userId: number }> {
  return db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    const totpSecret = generateTotpSecret();
    const { userId, created } = await enrolAdmin(tx, { ...input, email, totpSecret });
    if (!created) {
      await endAccountSessions(tx, userId);
      await retireAccountCodes(tx, userId);
    }
    const { code } = await createAssessmentWithCode(tx, userId, { email });
    return { email, code, totpSecret, created, userId };
  });
}

/**
 * Takes administrator rights away: the authenticator is forgotten, every session ends and every
 * access code of the account stops working.
 */
export async function removeAdmin(db: Db, email: string): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    const userId = await revokeAdmin(tx, email.toLowerCase());
    if (userId === undefined) return { removed: false };
    await endAccountSessions(tx, userId);
    await retireAccountCodes(tx, userId);
    return { removed: true };
  });
}
