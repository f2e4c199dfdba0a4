import { errors, jwtVerify, SignJWT } from 'jose';
import type { Language } from '../../../shared/constants';
import {
  tokenPayloadSchema,
  type SignInMethod,
  type TokenPayload,
} from '../../../shared/contracts/auth';

export interface TokenSubject {
  userId: number;
  email: string;
  language: Language;
  /** Admin rights in this session: an administrator who also gave the second factor. */
  isAdmin: boolean;
  tokenVersion: number;
  assessmentId: number;
  assessmentTokenVersion: number;
  methods: SignInMethod[];
}

/**
 * What checking a token's signature and expiry found: its payload, or "expired" for a token
 * this server signed whose time ran out, or "invalid" for anything tampered or malformed.
 */
export type TokenVerdict = { payload: TokenPayload } | { failure: 'expired' | 'invalid' };

export interface TokenService {
  sign(subject: TokenSubject): Promise<string>;
  verify(token: string): Promise<TokenVerdict>;
}

/**
 * How many verified tokens a process remembers. A patient sends one token with every answer,
 * so its signature is verified once, not per request; revocation is unaffected (the database
 * is asked on every request), and expiry is checked again on every hit.
 */
const VERIFIED_TOKENS = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  /** Token → its payload and expiry (seconds), oldest first. */
  const verified = new Map<string, { payload: TokenPayload; exp: number }>();
  // Imported once: given raw bytes, jose would import a WebCrypto key on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    sign: async (subject) =>
      new SignJWT({
        email: subject.email,
        language: subject.language,
        isAdmin: subject.isAdmin,
        tv: subject.tokenVersion,
        acid: subject.assessmentId,
        atv: subject.assessmentTokenVersion,
        amr: subject.methods,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(subject.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (Math.floor(Date.now() / 1000) < known.exp) return { payload: known.payload };
        verified.delete(token);
        return { failure: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const parsed = tokenPayloadSchema.safeParse(payload);
        if (!parsed.success || payload.exp === undefined) return { failure: 'invalid' };
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
        verified.set(token, { payload: parsed.data, exp: payload.exp });
        return { payload: parsed.data };
      } catch (error) {
        // jose checks the signature before the time claims: an expired token was ours.
        return { failure: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
