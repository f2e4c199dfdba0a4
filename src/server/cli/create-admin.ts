import { createAccessCode } from '../auth/access-codes';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Creates an admin account, or promotes an existing user, and issues a fresh access code. */
export async function createAdmin(
  db: Db,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ email: string; code: string; created: boolean; userId: number }> {
  return db.transaction(async (tx) => {
    const email = input.email.toLowerCase();
    const [row] = await tx
      .insert(users)
      .values({ email, firstName: input.firstName, lastName: input.lastName, isAdmin: true })
      .onConflictDoUpdate({ target: users.email, set: { isAdmin: true, updatedAt: new Date() } })
      .returning({ id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt });
    const { code } = await createAccessCode(tx, row!.id);
    const created = row!.createdAt.getTime() === row!.updatedAt.getTime();
    return { email, code, created, userId: row!.id };
  });
}
