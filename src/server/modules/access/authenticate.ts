import type { Db } from '../../platform/db/client';
import { findSessionState, type SessionState } from './session-state-repository';
import type { AuthContext, SessionClaims, SessionEnded } from '../../platform/auth-context';
import { sessionEnded } from '../../platform/errors';
import type { SignInMethod } from '../../../shared/contracts/auth';
import { hasAdminRights } from './session';
import type { TokenService } from '../accounts';

/**
 * The one rule of revocation: a token stands while both rows keep the versions it was signed
 * with. Otherwise it says why it ended: the assessment or its account is gone (erased), the
 * account's sessions ended (an administrator's rights were taken away, or signed out), or the
 * assessment's (the reason kept with it: logout, refund, a new code).
 */
function whyEnded(
  session: SessionState | undefined,
  claims: SessionClaims & { methods: readonly SignInMethod[] },
): SessionEnded | null {
  if (!session) return { ended: 'erased' };
  if (session.tokenVersion !== claims.tokenVersion) {
    const wasAdmin = hasAdminRights(true, claims.methods);
    return { ended: wasAdmin && !session.isAdmin ? 'not_admin' : 'signed_out' };
  }
  if (session.assessmentTokenVersion !== claims.assessmentTokenVersion) {
    const ended = session.sessionsEndedReason ?? 'signed_out';
    return ended === 'refunded' && session.cancelledAt
      ? { ended, refundedAt: session.cancelledAt }
      : { ended };
  }
  return null;
}

const claimsOf = (payload: { sub: string; acid: number; tv: number; atv: number }) => ({
  userId: Number(payload.sub),
  assessmentId: payload.acid,
  tokenVersion: payload.tv,
  assessmentTokenVersion: payload.atv,
});

/**
 * What a bearer token proves right now, or why it no longer proves anything. The account and
 * the assessment are both re-read: either may have been revoked (token versions) or erased
 * since the token was signed.
 */
export async function authenticate(
  deps: { db: Db; tokens: TokenService },
  token: string,
): Promise<AuthContext | SessionEnded> {
  const verdict = await deps.tokens.verify(token);
  if ('failure' in verdict) {
    return { ended: verdict.failure === 'expired' ? 'expired' : 'signed_out' };
  }
  const { payload } = verdict;
  const claims = claimsOf(payload);
  const session = await findSessionState(deps.db, claims.userId, claims.assessmentId);
  const ended = whyEnded(session, { ...claims, methods: payload.amr });
  if (ended || !session) return ended ?? { ended: 'erased' };
  return {
    ...claims,
    userId: session.userId,
    email: session.email,
    language: session.language,
    isAdmin: hasAdminRights(session.isAdmin, payload.amr),
    methods: payload.amr,
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
): Promise<SessionClaims | SessionEnded> {
  const verdict = await deps.tokens.verify(token);
  if ('failure' in verdict) {
    return { ended: verdict.failure === 'expired' ? 'expired' : 'signed_out' };
  }
  return claimsOf(verdict.payload);
}

/** Why the session of signed claims no longer stands, or null while it does. */
async function endedSession(db: Db, claims: SessionClaims): Promise<SessionEnded | null> {
  const session = await findSessionState(db, claims.userId, claims.assessmentId);
  // A patient's save: its claims carry no second factor, so a lost admin right is not the reason.
  return whyEnded(session, { ...claims, methods: ['code'] });
}

/** Whether the session of signed claims still stands, for a check that must come before its statement. */
export async function claimsStillStand(db: Db, claims: SessionClaims): Promise<boolean> {
  return (await endedSession(db, claims)) === null;
}

/**
 * The 401 for a statement that found its session revoked: asked once more, only on that path,
 * why it ended, so the browser can say so.
 */
export async function sessionEndedError(db: Db, claims: SessionClaims) {
  return sessionEnded((await endedSession(db, claims)) ?? { ended: 'signed_out' });
}
