import type { Language } from '../../shared/constants';
import { updateLanguageResultSchema } from '../../shared/contracts/auth';
import { authResultSchema } from '../../shared/contracts/common';
import { apiRequest } from '../lib/api-client';

export const verifyAccessCode = (code: string, language: Language, totp?: string) =>
  apiRequest('/api/verify-access-code', {
    method: 'POST',
    body: { code: code.trim(), language, ...(totp ? { totp: totp.trim() } : {}) },
    schema: authResultSchema,
    auth: false,
  });

export const saveLanguagePreference = (language: Language) =>
  apiRequest('/api/user/language', {
    method: 'PUT',
    body: { language },
    schema: updateLanguageResultSchema,
  });

/** Revokes the session on the server, so a copied token stops working too. */
export const revokeSession = () => apiRequest('/api/user/logout', { method: 'POST' });
