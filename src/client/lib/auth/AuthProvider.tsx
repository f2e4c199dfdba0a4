import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type Language } from '../../../shared/constants';
import type { AuthResult, SessionUser } from '../../../shared/contracts/common';
import i18n from '../i18n';
import { storage } from '../storage';
import { revokeSession, saveLanguagePreference } from './api';
import { AuthContext, type AuthState } from './auth-context';
import { endSession } from './session-end';
import { parseToken } from './token';

/** The shape of a stored user, checked by hand: the paywall loads no schema library. */
function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    typeof user.firstName === 'string' &&
    typeof user.lastName === 'string' &&
    (user.language === 'en' || user.language === 'de') &&
    typeof user.isAdmin === 'boolean'
  );
}

/** A stored token plus user restore the session; a corrupt stored user clears both. */
function restoreSession(): { token: string | null; user: SessionUser | null } {
  const token = storage.get(STORAGE_KEYS.authToken);
  const rawUser = storage.get(STORAGE_KEYS.user);
  if (!token || !rawUser) return { token: null, user: null };
  try {
    const user: unknown = JSON.parse(rawUser);
    if (!isSessionUser(user)) throw new Error('corrupt stored user');
    // The signed-in user's saved preference, carried by the token, wins over the browser's.
    const claims = parseToken(token);
    if (claims) void i18n.changeLanguage(claims.language);
    return { token, user };
  } catch {
    storage.remove(STORAGE_KEYS.authToken);
    storage.remove(STORAGE_KEYS.user);
    return { token: null, user: null };
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [session, setSession] = useState(restoreSession);
  const [languageError, setLanguageError] = useState<string | null>(null);

  // Another tab of this browser signed out (or its session ended): the token all tabs share is
  // gone, so this tab's next call would go without one and could only fail. It leaves at once
  // and the paywall says why, as after a 401.
  const signedIn = session.token !== null;
  useEffect(() => {
    if (!signedIn) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.authToken && event.newValue === null) {
        endSession({ reason: 'signed_out' });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [signedIn]);

  const login = useCallback(
    ({ token, user }: AuthResult) => {
      storage.set(STORAGE_KEYS.authToken, token);
      storage.set(STORAGE_KEYS.user, JSON.stringify(user));
      setSession({ token, user });
      const claims = parseToken(token);
      if (claims) void i18n.changeLanguage(claims.language);
    },
    [i18n],
  );

  const logout = useCallback(() => {
    // Leaving must never wait on the network: the revocation is best effort.
    const revoked = Promise.all([
      revokeSession().catch(() => undefined),
      // Recordings exist only where the survey ran: its storage code is not on the paywall.
      import('../pending-recordings')
        .then(({ forgetPendingRecordings }) => forgetPendingRecordings())
        .catch(() => undefined),
    ]);
    const timeout = new Promise((resolve) => setTimeout(resolve, 1500));
    void Promise.race([revoked, timeout]).then(() => {
      storage.remove(STORAGE_KEYS.authToken);
      storage.remove(STORAGE_KEYS.user);
      window.location.assign('/');
    });
  }, []);

  /** A new token rebuilds the user from its e-mail and language, keeping names and role. */
  const refreshToken = useCallback((token: string) => {
    const claims = parseToken(token);
    if (!claims) return;
    setSession((current) => {
      if (!current.user) return current;
      const user = { ...current.user, email: claims.email, language: claims.language };
      storage.set(STORAGE_KEYS.authToken, token);
      storage.set(STORAGE_KEYS.user, JSON.stringify(user));
      return { token, user };
    });
  }, []);

  const changeLanguage = useCallback(
    async (language: Language) => {
      setLanguageError(null);
      if (session.token) {
        try {
          const result = await saveLanguagePreference(language);
          refreshToken(result.token);
        } catch {
          setLanguageError('errors.languageUpdate');
        }
      }
      await i18n.changeLanguage(language);
    },
    [i18n, refreshToken, session.token],
  );

  const value = useMemo<AuthState>(
    () => ({
      token: session.token,
      user: session.user,
      isAuthenticated: Boolean(session.token && session.user),
      isAdmin: Boolean(session.user?.isAdmin),
      login,
      logout,
      refreshToken,
      changeLanguage,
      languageError,
    }),
    [session, login, logout, refreshToken, changeLanguage, languageError],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
