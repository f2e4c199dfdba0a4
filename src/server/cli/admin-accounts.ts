import { and, eq } from 'drizzle-orm';
import { createAccessCode, retireAccessCodes } from '../auth/access-codes';
import { endAccountSessions } from '../auth/auth-service';
import { generateTotpSecret } from '../auth/totp';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Creates an admin account, or promotes an existing one, enrols a fresh authenticator app and
 * issues a fresh access code. Every earlier session of the account ends and every earlier access
 * code stops working: a promoted patient's token never becomes an admin token, and a re-run for
 * a lost phone locks out whoever holds the old phone or the old code.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ email: string; code: string; totpSecret: string; created: boolean; userId: number }> {
  return db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    const totpSecret = generateTotpSecret();
    const enrolment = { isAdmin: true, totpSecret, totpLastStep: null };
    const [row] = await tx
      .insert(users)
      .values({ email, firstName: input.firstName, lastName: input.lastName, ...enrolment })
      .onConflictDoUpdate({ target: users.email, set: { ...enrolment, updatedAt: new Date() } })
      .returning({ id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt });
    const userId = row!.id;
    const created = row!.createdAt.getTime() === row!.updatedAt.getTime();
    if (!created) {
      await endAccountSessions(tx, userId);
      await retireAccessCodes(tx, userId);
    }
    const { code } = await createAccessCode(tx, userId, { email });
    return { email, code, totpSecret, created, userId };
  });
}

/**
 * Takes administrator rights away: the authenticator is forgotten, every session ends and every
 * access code of the account stops working.
 */
export async function removeAdmin(db: Db, email: string): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isAdmin: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() })
      .where(and(eq(users.email, email.toLowerCase()), eq(users.isAdmin, true)))
      .returning({ id: users.id });
    if (!row) return { removed: false };
    await endAccountSessions(tx, row.id);
    await retireAccessCodes(tx, row.id);
    return { removed: true };
  });
}
