import type { Language } from '../../../shared/constants';
import type { SignInMethod } from '../../../shared/contracts/auth';
import type { AuthResult } from '../../../shared/contracts/common';
import type { Db } from '../../platform/db/client';
import { sessionEnded, unauthenticated } from '../../platform/errors';
import { endAssessmentSessions, findAssessment, setAssessmentLanguage } from '../assessments';
import { findAccount } from '../accounts';
import type { AuthContext } from '../../platform/auth-context';
import { findAccessCode, hashAccessCode, takeOverOlderCodes, whyCodeFails } from './access-codes';
import { consumeRateLimit, type RateLimitRule } from '../accounts';
import { verifySecondFactor } from '../accounts';
import { issueSession } from './session';
import type { TokenService } from '../accounts';

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
  const found = await findAccessCode(db, input.code);
  if (!found) {
    // A code that once worked says what became of it; any other is just wrong.
    const ended = await whyCodeFails(db, input.code);
    throw ended ? sessionEnded(ended) : unauthenticated('auth.invalidAccessCode');
  }
  const account = await findAccount(db, found.assessment.userId);
  if (!account) throw unauthenticated('auth.invalidAccessCode');
  await Promise.all([undoIp(), undoCode()]);

  const methods: SignInMethod[] = ['code'];
  if (account.isAdmin) {
    // Admins see every patient's health data: the access code alone is not enough.
    if (!account.totpSecret) throw unauthenticated('auth.totpNotEnrolled');
    if (!input.totp) throw unauthenticated('auth.totpRequired');
    await verifySecondFactor(
      db,
      {
        ...input,
        totp: input.totp,
        userId: account.id,
        assessmentId: found.assessment.id,
        totpSecret: account.totpSecret,
      },
      now,
    );
    methods.push('otp');
  }
  // After the second factor: a wrong authenticator code must not retire anything.
  const tookOver = await takeOverOlderCodes(db, found.assessment.id, found.codeId);
  const assessment = input.language
    ? await setAssessmentLanguage(db, found.assessment.id, input.language)
    : tookOver
      ? await findAssessment(db, found.assessment.id)
      : found.assessment;
  if (!assessment) throw unauthenticated('auth.invalidAccessCode');
  return issueSession(tokens, account, assessment, methods);
}

/** The language of the session's assessment; the new token carries it. */
export async function updateLanguage(
  { db, tokens }: Deps,
  auth: AuthContext,
  language: Language,
): Promise<{ language: Language; token: string }> {
  const assessment = await setAssessmentLanguage(db, auth.assessmentId, language);
  const account = await findAccount(db, auth.userId);
  if (!assessment || !account) throw unauthenticated();
  const { token } = await issueSession(tokens, account, assessment, auth.methods);
  return { language: assessment.language, token };
}

/** Logout: ends every session of this assessment (other assessments of the address keep theirs). */
export async function logout(db: Db, auth: AuthContext): Promise<void> {
  await endAssessmentSessions(db, auth.assessmentId, 'signed_out');
}
