import { z } from 'zod';
import {
  updateLanguageBodySchema,
  updateLanguageResultSchema,
  verifyAccessCodeBodySchema,
} from '../../../shared/contracts/auth';
import { authResultSchema, okBodySchema } from '../../../shared/contracts/common';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { logout, signInWithAccessCode, updateLanguage } from './auth-service';

export async function authRoutes(app: AppInstance): Promise<void> {
  app.post('/api/verify-access-code', {
    config: { access: 'public' },
    schema: { body: verifyAccessCodeBodySchema, response: { 200: authResultSchema } },
    handler: (request) => signInWithAccessCode(app.deps, { ...request.body, ip: request.ip }),
  });

  app.put('/api/user/language', {
    config: { access: 'user' },
    schema: { body: updateLanguageBodySchema, response: { 200: updateLanguageResultSchema } },
    handler: (request) => updateLanguage(app.deps, requireAuth(request), request.body.language),
  });

  app.post('/api/user/logout', {
    config: { access: 'user' },
    schema: { body: z.strictObject({}).nullish(), response: { 200: okBodySchema } },
    handler: async (request) => {
      await logout(app.deps.db, requireAuth(request));
      return { ok: true as const };
    },
  });
}
