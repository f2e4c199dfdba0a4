import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../shared/constants';
import type { SignInMethod } from '../../shared/contracts/auth';
import type { AuthResult } from '../../shared/contracts/common';
import type { Db, DbOrTx } from '../db/client';
import { accessCodes, users } from '../db/schema';
import { unauthorized } from '../http/app-error';
import type { AuthContext } from '../http/route-access';
import { findAccessCode, hashAccessCode } from './access-codes';
import { consumeRateLimit, type RateLimitRule } from './rate-limit';
import { verifySecondFactor } from './second-factor';
import { issueSession } from './session';
import type { TokenService } from './tokens';

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
 * Signs in with an e-mailed access code: a session for that code's assessment and nothing else.
 * Every attempt counts against the caller's address and against the code tried; a right code is
 * taken back, so only wrong guesses add up. An administrator's right code then needs the
 * authenticator's code, whose wrong guesses have a back-off of their own.
 */
export async function signInWithAccessCode(
  { db, tokens }: Deps,
  input: { code: string; language?: Language; ip: string; totp?: string },
  now = Date.now(),
): Promise<AuthResult> {
  const undoIp = await consumeRateLimit(db, ACCESS_CODE_IP_LIMIT, input.ip);
  const undoCode = await consumeRateLimit(db, ACCESS_CODE_CODE_LIMIT, hashAccessCode(input.code));
  const accessCode = await findAccessCode(db, input.code);
  if (!accessCode) throw unauthorized('auth.invalidAccessCode');
  const [account] = await db.select().from(users).where(eq(users.id, accessCode.userId));
  if (!account) throw unauthorized('auth.invalidAccessCode');
  await Promise.all([undoIp(), undoCode()]);

  const methods: SignInMethod[] = ['code'];
  if (account.isAdmin) {
    // Admins see every patient's health data: the access code alone is not enough.
    if (!account.totpSecret) throw unauthorized('auth.totpNotEnrolled');
    if (!input.totp) throw unauthorized('auth.totpRequired');
    await verifySecondFactor(
      db,
      {
        ...input,
        totp: input.totp,
        userId: account.id,
        accessCodeId: accessCode.id,
        totpSecret: account.totpSecret,
      },
      now,
    );
    methods.push('otp');
  }
  const [assessment] = input.language
    ? await db
        .update(accessCodes)
        .set({ language: input.language })
        .where(eq(accessCodes.id, accessCode.id))
        .returning()
    : [accessCode];
  if (!assessment) throw unauthorized('auth.invalidAccessCode');
  return issueSession(tokens, account, assessment, methods);
}

/** The language of the session's assessment; the new token carries it. */
export async function updateLanguage(
  { db, tokens }: Deps,
  auth: AuthContext,
  language: Language,
): Promise<{ language: Language; token: string }> {
  const [assessment] = await db
    .update(accessCodes)
    .set({ language })
    .where(eq(accessCodes.id, auth.accessCodeId))
    .returning();
  const [account] = await db.select().from(users).where(eq(users.id, auth.userId));
  if (!assessment || !account) throw unauthorized();
  const { token } = await issueSession(tokens, account, assessment, auth.methods);
  return { language: assessment.language, token };
}

/** Logout: ends every session of this assessment (other assessments of the address keep theirs). */
export async function endAssessmentSessions(db: DbOrTx, accessCodeId: number): Promise<void> {
  await db
    .update(accessCodes)
    .set({ tokenVersion: sql`${accessCodes.tokenVersion} + 1` })
    .where(eq(accessCodes.id, accessCodeId));
}

/** Ends every session of the account: its rights or its authenticator changed. */
export async function endAccountSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
