import type { Language } from '../../../shared/constants';
import type { UpdateLanguageResult } from '../../../shared/contracts/auth';
import type { AuthResult } from '../../../shared/contracts/common';
import { apiRequest } from '../api-client';

export const verifyAccessCode = (code: string, language: Language, totp?: string) =>
  apiRequest<AuthResult>('/api/verify-access-code', {
    method: 'POST',
    body: { code: code.trim(), language, ...(totp ? { totp: totp.trim() } : {}) },
    auth: false,
  });

/** Always answered 202 with the same body: the reply does not tell whether the address is known. */
export const requestNewAccessCode = (email: string, language: Language) =>
  apiRequest<{ ok: true }>('/api/access-code/forgot', {
    method: 'POST',
    body: { email: email.trim(), language },
    auth: false,
  });

export const saveLanguagePreference = (language: Language) =>
  apiRequest<UpdateLanguageResult>('/api/user/language', {
    method: 'PUT',
    body: { language },
  });

/** Revokes the session on the server, so a copied token stops working too. */
export const revokeSession = () => apiRequest('/api/user/logout', { method: 'POST' });
