import {
  adminQuestionSchema,
  adminQuestionsSchema,
  deleteQuestionResultSchema,
  questionWriteBodySchema,
} from '../../shared/contracts/admin-questions';
import {
  adminAccessCodeResponsesSchema,
  adminResponsesPageSchema,
  adminResponsesQuerySchema,
  mediaPathParamsSchema,
} from '../../shared/contracts/admin-responses';
import { idParamsSchema } from '../../shared/contracts/common';
import {
  promoCodeSchema,
  promoCodesSchema,
  promoCodeWriteBodySchema,
} from '../../shared/contracts/promo-codes';
import { AppError } from '../http/app-error';
import type { AppInstance } from '../http/app-instance';
import { requireAuth } from '../http/route-access';
import { languageOfHeader, translate } from '../i18n/messages';
import { recordAudit } from '../audit/audit-log';
import { openMedia } from './media-service';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from './promo-codes-service';
import { createQuestion, deleteQuestion, listQuestions, updateQuestion } from './questions-service';
import { listAccessCodeResponses, listResponsePage } from './responses-service';

const admin = { access: 'admin' as const };

/** The administrators' API (SPEC section 7 "Admin"); every route is admin-only. */
export async function adminRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/api/admin/questions', {
    config: admin,
    schema: { response: { 200: adminQuestionsSchema } },
    handler: () => listQuestions(db),
  });

  app.post('/api/admin/questions', {
    config: admin,
    schema: { body: questionWriteBodySchema, response: { 201: adminQuestionSchema } },
    handler: async (request, reply) => {
      const question = await createQuestion(db, request.body);
      await recordAudit(db, requireAuth(request), {
        action: 'question.create',
        detail: `question ${question.ID}`,
      });
      return reply.code(201).send(question);
    },
  });

  app.put('/api/admin/questions/:id', {
    config: admin,
    schema: {
      params: idParamsSchema,
      body: questionWriteBodySchema,
      response: { 200: adminQuestionSchema },
    },
    handler: async (request) => {
      const question = await updateQuestion(db, request.params.id, request.body);
      await recordAudit(db, requireAuth(request), {
        action: 'question.update',
        detail: `question ${question.ID}`,
      });
      return question;
    },
  });

  app.delete('/api/admin/questions/:id', {
    config: admin,
    schema: { params: idParamsSchema, response: { 200: deleteQuestionResultSchema } },
    handler: async (request) => {
      const result = await deleteQuestion(db, request.params.id);
      await recordAudit(db, requireAuth(request), {
        action: result.outcome === 'deleted' ? 'question.delete' : 'question.deactivate',
        detail: `question ${request.params.id}`,
      });
      return result;
    },
  });

  app.get('/api/admin/responses', {
    config: admin,
    schema: { querystring: adminResponsesQuerySchema, response: { 200: adminResponsesPageSchema } },
    handler: (request) => listResponsePage(db, request.query),
  });

  app.get('/api/admin/responses/access-codes/:id', {
    config: admin,
    schema: { params: idParamsSchema, response: { 200: adminAccessCodeResponsesSchema } },
    handler: async (request) => {
      const { userId, ...result } = await listAccessCodeResponses(db, request.params.id);
      await recordAudit(db, requireAuth(request), {
        action: 'responses.read',
        patientUserId: userId,
        accessCodeId: result.accessCodeId,
      });
      return result;
    },
  });

  app.get('/api/admin/media/*', {
    config: admin,
    schema: { params: mediaPathParamsSchema },
    handler: async (request, reply) => {
      try {
        const media = await openMedia(
          db,
          app.deps.media,
          request.params['*'],
          request.headers.range,
        );
        // A player asks for many ranges; only the first read of a file is worth an audit line.
        if (media.status === 200 || media.headers['content-range']?.startsWith('bytes 0-')) {
          await recordAudit(db, requireAuth(request), {
            action: 'media.read',
            patientUserId: media.userId ?? undefined,
            accessCodeId: media.accessCodeId ?? undefined,
          });
        }
        return reply.code(media.status).headers(media.headers).send(media.body);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 416) {
          const language = languageOfHeader(request.headers['accept-language']);
          return reply
            .code(416)
            .header('content-range', `bytes */${error.params.size}`)
            .header('accept-ranges', 'bytes')
            .send({ message: translate(language, error.messageKey), code: error.messageKey });
        }
        throw error;
      }
    },
  });

  app.get('/api/admin/coupons', {
    config: admin,
    schema: { response: { 200: promoCodesSchema } },
    handler: () => listPromoCodes(db),
  });

  app.post('/api/admin/coupons', {
    config: admin,
    schema: { body: promoCodeWriteBodySchema, response: { 201: promoCodeSchema } },
    handler: async (request, reply) => {
      const promoCode = await createPromoCode(db, request.body);
      await recordAudit(db, requireAuth(request), {
        action: 'promo-code.create',
        detail: `promo code ${promoCode.ID}`,
      });
      return reply.code(201).send(promoCode);
    },
  });

  app.put('/api/admin/coupons/:id', {
    config: admin,
    schema: {
      params: idParamsSchema,
      body: promoCodeWriteBodySchema,
      response: { 200: promoCodeSchema },
    },
    handler: async (request) => {
      const promoCode = await updatePromoCode(db, request.params.id, request.body);
      await recordAudit(db, requireAuth(request), {
        action: 'promo-code.update',
        detail: `promo code ${promoCode.ID}`,
      });
      return promoCode;
    },
  });

  app.delete('/api/admin/coupons/:id', {
    config: admin,
    schema: { params: idParamsSchema, response: { 200: promoCodeSchema } },
    handler: async (request) => {
      const promoCode = await deletePromoCode(db, request.params.id);
      await recordAudit(db, requireAuth(request), {
        action: 'promo-code.delete',
        detail: `promo code ${promoCode.ID}`,
      });
      return promoCode;
    },
  });
}
