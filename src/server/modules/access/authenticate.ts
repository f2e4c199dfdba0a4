import type { Db } from '../../platform/db/client';
import { findSessionState } from './session-state-repository';
import type { AuthContext, SessionClaims } from '../../platform/auth-context';
import { hasAdminRights } from './session';
import type { TokenService } from '../accounts';

/** The one rule of revocation: a token stands while both rows keep the versions it was signed with. */
const versionsMatch = (
  session: { tokenVersion: number; assessmentTokenVersion: number },
  tokenVersion: number,
  assessmentTokenVersion: number,
) =>
  session.tokenVersion === tokenVersion &&
  session.assessmentTokenVersion === assessmentTokenVersion;

/**
 * What a bearer token proves right now, or null. The account and the assessment are both
 * re-read: either may have been revoked (token versions) or erased since the token was signed.
 */
export async function authenticate(
  deps: { db: Db; tokens: TokenService },
  token: string,
): Promise<AuthContext | null> {
  const payload = await deps.tokens.verify(token);
  if (!payload) return null;
  const session = await findSessionState(deps.db, Number(payload.sub), payload.acid);
  if (!session || !versionsMatch(session, payload.tv, payload.atv)) return null;
  return {
    userId: session.userId,
    email: session.email,
    language: session.language,
    isAdmin: hasAdminRights(session.isAdmin, payload.amr),
    assessmentId: payload.acid,
    methods: payload.amr,
    // Confirmed just now: a write checked by its own statement (an upload's answer) re-checks them.
    tokenVersion: payload.tv,
    assessmentTokenVersion: payload.atv,
  };
}

/**
 * The claims of a validly signed token, without the database lookup: for a route whose one
 * statement checks the token versions itself (`config.checksSessionItself`), so a revoked
 * session is refused there, in the same round trip as the work.
 */
export async function readSessionClaims(
  deps: { tokens: TokenService },
  token: string,
): Promise<SessionClaims | null> {
  const payload = await deps.tokens.verify(token);
  if (!payload) return null;
  return {
    userId: Number(payload.sub),
    assessmentId: payload.acid,
    tokenVersion: payload.tv,
    assessmentTokenVersion: payload.atv,
  };
}

/** Whether the session of signed claims still stands, for a check that must come before its statement. */
export async function claimsStillStand(db: Db, claims: SessionClaims): Promise<boolean> {
  const session = await findSessionState(db, claims.userId, claims.assessmentId);
  return (
    session !== undefined &&
    versionsMatch(session, claims.tokenVersion, claims.assessmentTokenVersion)
  );
}
