import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Language } from '../../shared/constants';
import type { AuthResult } from '../../shared/contracts/common';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { unauthorized } from '../http/app-error';
import { findAccessCode, hashAccessCode } from './access-codes';
import { consumeRateLimit, type RateLimitRule } from './rate-limit';
import { issueSession } from './session';
import type { TokenService } from './tokens';
import { matchTotp } from './totp';

export const ACCESS_CODE_IP_LIMIT: RateLimitRule = {
  name: 'access-code:ip',
  limit: 10,
  windowSeconds: 15 * 60,
};
export const ACCESS_CODE_CODE_LIMIT: RateLimitRule = {
  name: 'access-code:code',
  limit: 5,
  windowSeconds: 15 * 60,
};

interface Deps {
  db: Db;
  tokens: TokenService;
}

/**
 * Signs in with an e-mailed access code. Every attempt counts against the caller's address and
 * against the code tried; a successful one is taken back, so only wrong guesses add up.
 */
export async function signInWithAccessCode(
  { db, tokens }: Deps,
  input: { code: string; language?: Language; ip: string; totp?: string },
  now = Date.now(),
): Promise<AuthResult> {
  const undoIp = await consumeRateLimit(db, ACCESS_CODE_IP_LIMIT, input.ip);
  const undoCode = await consumeRateLimit(db, ACCESS_CODE_CODE_LIMIT, hashAccessCode(input.code));
  const undo = () => Promise.all([undoIp(), undoCode()]);
  const accessCode = await findAccessCode(db, input.code);
  if (!accessCode) throw unauthorized('auth.invalidAccessCode');

  const [owner] = await db.select().from(users).where(eq(users.id, accessCode.userId));
  if (!owner) throw unauthorized('auth.invalidAccessCode');
  if (owner.isAdmin) {
    // Admins see every patient's health data: the access code alone is not enough.
    if (!owner.totpSecret) throw unauthorized('auth.totpNotEnrolled');
    if (!input.totp) {
      await undo(); // The access code was right; asking for the second factor is not a guess.
      throw unauthorized('auth.totpRequired');
    }
    const step = matchTotp(owner.totpSecret, input.totp, now);
    const [accepted] =
      step === null
        ? []
        : await db
            .update(users)
            .set({ totpLastStep: step })
            .where(
              and(
                eq(users.id, owner.id),
                or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
              ),
            )
            .returning({ id: users.id });
    if (!accepted) throw unauthorized('auth.totpInvalid');
  }
  await undo();

  const [user] = input.language
    ? await db
        .update(users)
        .set({ language: input.language, updatedAt: new Date() })
        .where(eq(users.id, accessCode.userId))
        .returning()
    : await db.select().from(users).where(eq(users.id, accessCode.userId));
  if (!user) throw unauthorized('auth.invalidAccessCode');
  return issueSession(tokens, user, accessCode.id);
}

export async function updateLanguage(
  { db, tokens }: Deps,
  input: { userId: number; accessCodeId: number; language: Language },
): Promise<{ language: Language; token: string }> {
  const [user] = await db
    .update(users)
    .set({ language: input.language, updatedAt: new Date() })
    .where(eq(users.id, input.userId))
    .returning();
  if (!user) throw unauthorized();
  const { token } = await issueSession(tokens, user, input.accessCodeId);
  return { language: user.language, token };
}

/** Ends every session of the user: tokens issued before carry an older version. */
export async function revokeSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
