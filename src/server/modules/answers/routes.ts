import { Readable } from 'node:stream';
import {
  adminAssessmentAnswersSchema,
  adminPatientsPageSchema,
  adminPatientsQuerySchema,
} from '../../../shared/contracts/admin-patients';
import { idParamsSchema, okBodySchema } from '../../../shared/contracts/common';
import { saveAnswerBodySchema } from '../../../shared/contracts/survey';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { requireAuth, requireClaims } from '../../platform/http/route-access';
import { listAssessmentAnswers, listPatientsPage } from './admin-answers-service';
import { exportAnswersCsv } from './answers-csv';
import { saveAnswer } from './save-answer-service';

/** Answers: saved by the patient as they go, read and exported by the practice. */
export async function answerRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.post('/api/survey/responses', {
    // The save's one statement confirms the session (see saveAnswer).
    config: { access: 'user', checksSessionItself: true },
    schema: { body: saveAnswerBodySchema, response: { 200: okBodySchema } },
    handler: async (request) => {
      await saveAnswer({ ...app.deps, log: request.log }, requireClaims(request), request.body);
      return { ok: true as const };
    },
  });

  app.get('/api/admin/responses', {
    config: { access: 'admin' },
    schema: { querystring: adminPatientsQuerySchema, response: { 200: adminPatientsPageSchema } },
    handler: (request) => listPatientsPage(db, request.query),
  });

  app.get('/api/admin/assessments/:id/answers', {
    config: { access: 'admin' },
    schema: { params: idParamsSchema, response: { 200: adminAssessmentAnswersSchema } },
    handler: (request) => listAssessmentAnswers(db, requireAuth(request), request.params.id),
  });

  app.get('/api/admin/exports/answers.csv', {
    config: { access: 'admin' },
    handler: async (request, reply) => {
      const rows = await exportAnswersCsv(db, requireAuth(request));
      const date = new Date().toISOString().slice(0, 10);
      return sendDownload(reply, {
        type: 'text/csv; charset=utf-8',
        filename: `answers-${date}.csv`,
        body: Readable.from(rows),
      });
    },
  });
}
