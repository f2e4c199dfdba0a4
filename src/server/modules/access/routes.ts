import { z } from 'zod';
import {
  forgotAccessCodeBodySchema,
  updateLanguageBodySchema,
  updateLanguageResultSchema,
  verifyAccessCodeBodySchema,
} from '../../../shared/contracts/auth';
import { authResultSchema, idParamsSchema, okBodySchema } from '../../../shared/contracts/common';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { requestNewAccessCode, sendNewAccessCode } from './access-code-reissue';
import { logout, signInWithAccessCode, updateLanguage } from './sign-in-service';

export async function authRoutes(app: AppInstance): Promise<void> {
  app.post('/api/verify-access-code', {
    config: { access: 'public' },
    schema: {
      summary: 'Sign in with an access code',
      body: verifyAccessCodeBodySchema,
      response: { 200: authResultSchema },
    },
    handler: (request) => signInWithAccessCode(app.deps, { ...request.body, ip: request.ip }),
  });

  // 202 whatever the address: the mail, if any, is sent later and the reply must not tell.
  app.post('/api/access-code/forgot', {
    config: { access: 'public' },
    schema: {
      summary: 'Ask for a new access code by e-mail (lost code)',
      body: forgotAccessCodeBodySchema,
      response: { 202: okBodySchema },
    },
    handler: async (request, reply) => {
      await requestNewAccessCode(app.deps.db, { ...request.body, ip: request.ip });
      return reply.code(202).send({ ok: true as const });
    },
  });

  app.post('/api/admin/assessments/:id/access-code', {
    config: { access: 'admin' },
    schema: {
      summary: 'Send the patient of an assessment a new access code',
      params: idParamsSchema,
      response: { 202: okBodySchema },
    },
    handler: async (request, reply) => {
      await sendNewAccessCode(app.deps.db, requireAuth(request), request.params.id);
      return reply.code(202).send({ ok: true as const });
    },
  });

  app.put('/api/user/language', {
    config: { access: 'user' },
    schema: {
      summary: "Set the signed-in user's language",
      body: updateLanguageBodySchema,
      response: { 200: updateLanguageResultSchema },
    },
    handler: (request) => updateLanguage(app.deps, requireAuth(request), request.body.language),
  });

  app.post('/api/user/logout', {
    config: { access: 'user' },
    schema: {
      summary: 'Sign out, ending the session',
      body: z.strictObject({}).nullish(),
      response: { 200: okBodySchema },
    },
    handler: async (request) => {
      await logout(app.deps.db, requireAuth(request));
      return { ok: true as const };
    },
  });
}
