import type { Db } from '../../platform/db/client';
import { findSessionState } from './accounts-repository';
import type { AuthContext } from './auth-context';
import { hasAdminRights } from './session';
import type { TokenService } from './tokens';

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
  if (
    !session ||
    session.tokenVersion !== payload.tv ||
    session.assessmentTokenVersion !== payload.atv
  ) {
    return null;
  }
  return {
    userId: session.userId,
    email: session.email,
    language: session.language,
    isAdmin: hasAdminRights(session.isAdmin, payload.amr),
    accessCodeId: payload.acid,
    methods: payload.amr,
  };
}
