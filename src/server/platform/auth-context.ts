import type { Language } from '../../shared/constants';
import type { SignInMethod } from '../../shared/contracts/auth';
import type { SessionEndReason } from '../../shared/contracts/common';

/**
 * What a request's sign-in proved; set by the route-access hook (from the `authenticate` it is
 * given), read by services.
 */
export interface AuthContext extends SessionClaims {
  userId: number;
  email: string;
  language: Language;
  /** Admin rights in this session: the account's flag and a second-factor sign-in. */
  isAdmin: boolean;
  /** The one assessment this session proved: every patient read and write is scoped to it. */
  assessmentId: number;
  methods: SignInMethod[];
}

/**
 * What a validly signed token claims, before the database has confirmed that the session still
 * stands. Only a route that checks the token versions in its own statement may act on it.
 */
export interface SessionClaims {
  userId: number;
  assessmentId: number;
  /** The account's and the assessment's token versions the token was signed with. */
  tokenVersion: number;
  assessmentTokenVersion: number;
}

/** A token that proves nothing any more, and why (told to the browser with the 401). */
export interface SessionEnded {
  ended: SessionEndReason;
  /** With "refunded": when the assessment was refunded. */
  refundedAt?: Date;
}

export const isSessionEnded = (value: object): value is SessionEnded => 'ended' in value;
