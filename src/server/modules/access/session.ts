import type { SignInMethod } from '../../../shared/contracts/auth';
import type { SessionUser } from '../../../shared/contracts/common';
import type { DbOrTx } from '../../platform/db/client';
import type { AssessmentRow } from '../assessments';
import { findAssessmentWithAccount } from '../assessments';
import type { AccountRow } from '../accounts';
import type { TokenService } from '../accounts';

export type SessionAccount = Pick<
  AccountRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'tokenVersion'
>;
export type SessionAssessment = Pick<
  AssessmentRow,
  'id' | 'email' | 'firstName' | 'lastName' | 'language' | 'tokenVersion'
>;

/** Admin rights need both the account's flag and a sign-in that gave the second factor. */
export function hasAdminRights(isAdmin: boolean, methods: readonly SignInMethod[]): boolean {
  return isAdmin && methods.includes('otp');
}

/** The user as the browser shows it: the patient as entered for this assessment. */
export function toSessionUser(
  account: SessionAccount,
  assessment: SessionAssessment,
  methods: readonly SignInMethod[],
): SessionUser {
  return {
    id: account.id,
    email: assessment.email || account.email,
    firstName: assessment.firstName || account.firstName,
    lastName: assessment.lastName || account.lastName,
    language: assessment.language,
    isAdmin: hasAdminRights(account.isAdmin, methods),
  };
}

/** A session for exactly one assessment, recording how the sign-in was made. */
export async function issueSession(
  tokens: TokenService,
  account: SessionAccount,
  assessment: SessionAssessment,
  methods: SignInMethod[],
) {
  const user = toSessionUser(account, assessment, methods);
  const token = await tokens.sign({
    userId: account.id,
    email: user.email,
    language: user.language,
    isAdmin: user.isAdmin,
    tokenVersion: account.tokenVersion,
    assessmentId: assessment.id,
    assessmentTokenVersion: assessment.tokenVersion,
    methods,
  });
  return { token, user };
}

/** A session for the assessment with this id, or undefined when it no longer exists. */
export async function sessionForAssessment(
  db: DbOrTx,
  tokens: TokenService,
  assessmentId: number,
  methods: SignInMethod[],
) {
  const row = await findAssessmentWithAccount(db, assessmentId);
  return row ? issueSession(tokens, row.account, row.assessment, methods) : undefined;
}
