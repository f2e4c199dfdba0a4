import {
  SESSION_END_REASONS,
  STORAGE_KEYS,
  type SessionEndReason,
} from '../../../shared/constants';
import { storage, tabStorage } from '../storage';

/** Why the last session ended, as the server said with its 401, for the paywall to tell. */
export interface SessionEnd {
  reason: SessionEndReason;
  refundedAt?: string;
}

/** The reason of a 401's body, read by hand: the paywall loads no schema library. */
export function sessionEndOf(body: unknown): SessionEnd | null {
  if (!body || typeof body !== 'object' || !('reason' in body)) return null;
  const { reason, refundedAt } = body as { reason: unknown; refundedAt?: unknown };
  if (!SESSION_END_REASONS.includes(reason as SessionEndReason)) return null;
  return {
    reason: reason as SessionEndReason,
    ...(typeof refundedAt === 'string' ? { refundedAt } : {}),
  };
}

let leaving = false;

/**
 * A signed-in call was refused with 401: the session is over whatever the page was doing. The
 * token and user go, the reason is kept for the paywall, and the browser goes there (a full
 * load, so no page keeps showing data of the ended session).
 */
export function signOutAfter401(body: unknown): void {
  endSession(sessionEndOf(body) ?? { reason: 'signed_out' });
}

/** Signs the browser out for `end` and goes to the paywall, which tells why. */
export function endSession(end: SessionEnd): void {
  if (leaving) return;
  leaving = true;
  // The tab's own: tabs that leave together must each find their own reason, not take another's.
  tabStorage.set(STORAGE_KEYS.sessionEnded, JSON.stringify(end));
  storage.remove(STORAGE_KEYS.authToken);
  storage.remove(STORAGE_KEYS.user);
  window.location.assign('/');
}

/** The reason kept by `signOutAfter401`, once: read and forgotten. */
export function takeSessionEnd(): SessionEnd | null {
  const raw = tabStorage.get(STORAGE_KEYS.sessionEnded);
  if (!raw) return null;
  tabStorage.remove(STORAGE_KEYS.sessionEnded);
  try {
    return sessionEndOf(JSON.parse(raw));
  } catch {
    return null;
  }
}
