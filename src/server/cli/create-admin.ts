import { createAccessCode } from '../auth/access-codes';
import { generateTotpSecret } from '../auth/totp';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/**
 * Creates an admin account, or promotes an existing user, enrols an authenticator app and issues a
 * fresh access code.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ email: string; code: string; totpSecret: string; created: boolean; userId: number }> {
  return db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    // Every run enrols a fresh authenticator secret: it is also how a lost phone is replaced.
    const totpSecret = generateTotpSecret();
    const enrolment = { isAdmin: true, totpSecret, totpLastStep: null };
    const [row] = await tx
      .insert(users)
      .values({ email, firstName: input.firstName, lastName: input.lastName, ...enrolment })
      .onConflictDoUpdate({ target: users.email, set: { ...enrolment, updatedAt: new Date() } })
      .returning({ id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt });
    const { code } = await createAccessCode(tx, row!.id);
    const created = row!.createdAt.getTime() === row!.updatedAt.getTime();
    return { email, code, totpSecret, created, userId: row!.id };
  });
}
