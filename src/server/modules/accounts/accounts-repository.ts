import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { outer } from '../../platform/db/outer-column';
import { rateLimits, signInBackoff, users } from './tables';

/** The accounts module's data access: users, rate-limit windows and sign-in back-off. */

export type AccountRow = typeof users.$inferSelect;

export async function findAccount(db: DbOrTx, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** The account of an address (stored lower-case), if there is one. */
export async function findAccountByEmail(
  db: DbOrTx,
  address: string,
): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, address));
  return row;
}

/**
 * The account an e-mail address names, created if new. It is only a grouping for the practice:
 * nothing of an existing account is changed or reached through it.
 */
export async function accountForEmail(db: DbOrTx, email: string): Promise<{ id: number }> {
  const address = email.toLowerCase();
  const [created] = await db
    .insert(users)
    .values({ email: address })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return created;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
  return existing!;
}

/** Locks the account row for the rest of the transaction (erasure). */
export async function lockAccount(db: DbOrTx, userId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Deletes the account; its assessments, answers and uploads go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Ends every session of the account: its rights or its authenticator changed. */
export async function endAccountSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Takes a TOTP time step later than the last one used; false when it was used already. */
export async function acceptTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return accepted.length > 0;
}

/** Makes the address an administrator with a new authenticator; says whether it is new. */
export async function enrolAdmin(
  db: DbOrTx,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    displayName?: string;
    totpSecret: string;
  },
): Promise<{ userId: number; created: boolean }> {
  const enrolment = { isAdmin: true, totpSecret: input.totpSecret, totpLastStep: null };
  const [row] = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      displayName: input.displayName ?? '',
      ...enrolment,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        ...enrolment,
        ...(input.displayName ? { displayName: input.displayName } : {}),
        updatedAt: new Date(),
      },
    })
    .returning({ id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt });
  return { userId: row!.id, created: row!.createdAt.getTime() === row!.updatedAt.getTime() };
}

/** How an account signs: its display name, else its first and last name, else its address. */
export async function accountDisplayName(db: DbOrTx, userId: number): Promise<string> {
  const account = await findAccount(db, userId);
  if (!account) return '';
  const named = `${account.firstName} ${account.lastName}`.trim();
  return account.displayName.trim() || named || account.email;
}

/** An administrator names themselves (with title) for what they sign. */
export async function setDisplayName(db: DbOrTx, userId: number, displayName: string) {
  await db.update(users).set({ displayName, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Takes the rights and the authenticator away; the account's id, or undefined if not an admin. */
export async function revokeAdmin(db: DbOrTx, email: string): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ isAdmin: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(users.email, email), eq(users.isAdmin, true)))
    .returning({ id: users.id });
  return row?.id;
}

export async function listAdmins(db: DbOrTx): Promise<{ id: number; email: string }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isAdmin, true));
}

/**
 * Whether the account (a column or a value) is a patient's, not an administrator's: a condition
 * other modules' queries take, so they need not know this table.
 */
export const isPatientAccount = (userId: SQLWrapper | number): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${outer(userId)} AND ${users.isAdmin})`;

/** The account's address (stored lower-case), as a value other modules' queries select. */
export const accountEmailOf = (userId: SQLWrapper | number) =>
  sql<string>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${outer(userId)})`;

/**
 * The account's row as a session check reads it, to join with the assessment's in one prepared
 * statement (`access` module), with the account's id in the parameter `userParam` (e.g. "$1"):
 * user_id, email, is_admin and token_version.
 */
export const accountSessionRowSql = (userParam: string): string =>
  `SELECT id AS user_id, email, is_admin, token_version FROM users WHERE id = ${userParam}::int`;

/**
 * The account's token version as a scalar subquery of a prepared statement, with the account's
 * id in the parameter `userParam` (e.g. "$1").
 */
export const accountTokenVersionSql = (userParam: string): string =>
  `(SELECT token_version FROM users WHERE id = ${userParam}::int)`;

/** Counts one hit in a fixed window, atomically across instances; returns the window's count. */
export async function countRateLimitHit(
  db: DbOrTx,
  key: string,
  windowStart: Date,
): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 0;
}

export async function takeBackRateLimitHit(
  db: DbOrTx,
  key: string,
  windowStart: Date,
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

/** Drops windows that ended long ago. */
export async function pruneRateLimits(db: DbOrTx, olderThan: Date): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, olderThan))
    .returning({ key: rateLimits.key });
  return removed.length;
}

/** The latest moment any of the keys is blocked until, if one still is. */
export async function backoffBlockedUntil(
  db: DbOrTx,
  keys: string[],
  now: Date,
): Promise<Date | null> {
  const [blocked] = await db
    .select({ until: sql<Date | null>`max(${signInBackoff.blockedUntil})` })
    .from(signInBackoff)
    .where(and(inArray(signInBackoff.key, keys), gt(signInBackoff.blockedUntil, now)));
  return blocked?.until ? new Date(blocked.until) : null;
}

/**
 * Counts one failure under the key and returns the count in a row; a key left alone since
 * `forgetBefore` starts over at one.
 */
export async function countBackoffFailure(
  db: DbOrTx,
  key: string,
  now: Date,
  forgetBefore: Date,
): Promise<number> {
  const stale = sql`${signInBackoff.lastFailureAt} < ${forgetBefore}`;
  const failures = sql<number>`CASE WHEN ${stale} THEN 1 ELSE ${signInBackoff.failures} + 1 END`;
  const [row] = await db
    .insert(signInBackoff)
    .values({ key, failures: 1, lastFailureAt: now, blockedUntil: null })
    .onConflictDoUpdate({ target: signInBackoff.key, set: { failures, lastFailureAt: now } })
    .returning({ failures: signInBackoff.failures });
  return row?.failures ?? 1;
}

export async function blockBackoffKey(db: DbOrTx, key: string, until: Date): Promise<void> {
  await db.update(signInBackoff).set({ blockedUntil: until }).where(eq(signInBackoff.key, key));
}

export async function clearBackoff(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(signInBackoff).where(inArray(signInBackoff.key, keys));
}
