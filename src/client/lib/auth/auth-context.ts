import { createContext, useContext } from 'react';
import type { Language } from '../../../shared/constants';
import type { AuthResult, SessionUser } from '../../../shared/contracts/common';

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  login(result: AuthResult): void;
  logout(): void;
  refreshToken(token: string): void;
  /** Saves a signed-in user's choice on the server first, then switches (SPEC section 4). */
  changeLanguage(language: Language): Promise<void>;
  languageError: string | null;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
