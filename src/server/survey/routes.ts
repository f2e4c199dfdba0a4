import multipart from '@fastify/multipart';
import { okBodySchema } from '../../shared/contracts/common';
import {
  completionResultSchema,
  mediaUploadResultSchema,
  saveResponseBodySchema,
  surveyQuestionsSchema,
} from '../../shared/contracts/survey';
import type { AppInstance } from '../http/app-instance';
import { requireAuth } from '../http/route-access';
import { completeAssessment } from './completion-service';
import { uploadMedia } from './media-service';
import { listSurveyQuestions } from './questions-service';
import { saveResponse } from './responses-service';

export async function surveyRoutes(app: AppInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: app.deps.config.mediaMaxBytes, files: 1, fields: 4, parts: 6 },
  });

  app.get('/api/survey/questions', {
    config: { access: 'user' },
    schema: { response: { 200: surveyQuestionsSchema } },
    handler: (request) => {
      const auth = requireAuth(request);
      return listSurveyQuestions(app.deps.db, {
        accessCodeId: auth.accessCodeId,
        language: auth.language,
      });
    },
  });

  app.post('/api/survey/responses', {
    config: { access: 'user' },
    schema: { body: saveResponseBodySchema, response: { 200: okBodySchema } },
    handler: async (request) => {
      const { userId, accessCodeId } = requireAuth(request);
      await saveResponse({ ...app.deps, log: request.log }, { userId, accessCodeId }, request.body);
      return { ok: true as const };
    },
  });

  app.post('/api/survey/media', {
    config: { access: 'user' },
    schema: { response: { 200: mediaUploadResultSchema } },
    handler: (request) => {
      const { userId, accessCodeId } = requireAuth(request);
      const contentLength = Number(request.headers['content-length']);
      return uploadMedia(
        { ...app.deps, log: request.log },
        { userId, accessCodeId },
        {
          parts: request.parts(),
          contentLength: Number.isSafeInteger(contentLength) ? contentLength : undefined,
        },
      );
    },
  });

  app.post('/api/survey/completion-email', {
    config: { access: 'user' },
    schema: { response: { 200: completionResultSchema } },
    handler: (request) => {
      const { userId, accessCodeId } = requireAuth(request);
      return completeAssessment(app.deps, { userId, accessCodeId });
    },
  });
}
