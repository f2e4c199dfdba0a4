import { normalizeLanguage, type Language } from '../../../shared/constants';

export interface TokenClaims {
  email: string;
  language: Language;
  /** The assessment the session proves (`acid`), for what the browser keeps per assessment. */
  assessmentId: number | null;
}

/** Reads the claims of a token (not its signature: the server checks that). */
export function parseToken(token: string | null | undefined): TokenClaims | null {
  try {
    const part = token?.split('.')[1];
    if (!part) throw new Error('empty token');
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload = JSON.parse(decodeURIComponent(escape(json))) as Record<string, unknown>;
    if (typeof payload.email !== 'string') throw new Error('token without email');
    return {
      email: payload.email,
      language: normalizeLanguage(String(payload.language ?? '')),
      assessmentId: typeof payload.acid === 'number' ? payload.acid : null,
    };
  } catch (error) {
    console.error('Could not read the sign-in token', (error as Error).message);
    return null;
  }
}
