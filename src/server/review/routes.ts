import { Readable } from 'node:stream';
import { idParamsSchema } from '../../shared/contracts/common';
import {
  queuedAssessmentSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  updateAssessmentStatusBodySchema,
} from '../../shared/contracts/review';
import { recordAudit } from '../audit/audit-log';
import type { AppInstance } from '../http/app-instance';
import { requireAuth } from '../http/route-access';
import { answersCsv } from './answers-csv';
import { renderAssessmentReport } from './report-pdf';
import { listReviewQueue, updateAssessmentStatus } from './review-service';

export async function reviewRoutes(app: AppInstance): Promise<void> {
  app.get('/api/admin/review-queue', {
    config: { access: 'admin' },
    schema: { querystring: reviewQueueQuerySchema, response: { 200: reviewQueueSchema } },
    handler: async (request) => {
      const now = new Date();
      const assessments = await listReviewQueue(app.deps.db, request.query.view, now);
      return { assessments, now: now.toISOString() };
    },
  });

  app.put('/api/admin/assessments/:id/status', {
    config: { access: 'admin' },
    schema: {
      params: idParamsSchema,
      body: updateAssessmentStatusBodySchema,
      response: { 200: queuedAssessmentSchema },
    },
    handler: async (request) => {
      const updated = await updateAssessmentStatus(app.deps, request.params.id, request.body);
      await recordAudit(app.deps.db, requireAuth(request), {
        action: 'assessment.status',
        patientUserId: updated.patient.id,
        accessCodeId: updated.id,
        detail: updated.status,
      });
      return updated;
    },
  });

  app.get('/api/admin/assessments/:id/report.pdf', {
    config: { access: 'admin' },
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const { document: pdf, patientUserId } = await renderAssessmentReport(
        app.deps,
        request.params.id,
        auth.language,
      );
      await recordAudit(app.deps.db, auth, {
        action: 'report.export',
        patientUserId,
        accessCodeId: request.params.id,
        detail: 'pdf',
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="assessment-${request.params.id}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });

  app.get('/api/admin/exports/answers.csv', {
    config: { access: 'admin' },
    handler: async (request, reply) => {
      await recordAudit(app.deps.db, requireAuth(request), {
        action: 'answers.export',
        detail: 'csv',
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="answers-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(answersCsv(app.deps.db)));
    },
  });
}
