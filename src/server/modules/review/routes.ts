import {
  adminAssessmentAnswersSchema,
  adminPatientsPageSchema,
  adminPatientsQuerySchema,
} from '../../../shared/contracts/admin-patients';
import { idParamsSchema } from '../../../shared/contracts/common';
import {
  queuedAssessmentSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  updateAssessmentStatusBodySchema,
} from '../../../shared/contracts/review';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { requireAuth } from '../../platform/http/route-access';
import { listAssessmentAnswers, listPatientsPage } from './patients-service';
import { renderAssessmentReport } from './report-pdf';
import { listReviewQueue, updateAssessmentStatus } from './review-service';

/**
 * The dentist's review: the patients and their assessments' answers, the queue with due dates,
 * status steps and the case report.
 */
export async function reviewRoutes(app: AppInstance): Promise<void> {
  // SPEC: the admin "responses" page and its API keep their names.
  app.get('/api/admin/responses', {
    config: { access: 'admin' },
    schema: {
      summary: 'List patients and their assessments (the patients page)',
      querystring: adminPatientsQuerySchema,
      response: { 200: adminPatientsPageSchema },
    },
    handler: (request) => listPatientsPage(app.deps.db, request.query),
  });

  app.get('/api/admin/assessments/:id/answers', {
    config: { access: 'admin' },
    schema: {
      summary: 'Read the answers of an assessment',
      params: idParamsSchema,
      response: { 200: adminAssessmentAnswersSchema },
    },
    handler: (request) =>
      listAssessmentAnswers(app.deps.db, requireAuth(request), request.params.id),
  });

  app.get('/api/admin/review-queue', {
    config: { access: 'admin' },
    schema: {
      summary: 'List submitted assessments awaiting review, by due date',
      querystring: reviewQueueQuerySchema,
      response: { 200: reviewQueueSchema },
    },
    handler: async (request) => {
      const now = new Date();
      const assessments = await listReviewQueue(app.deps.db, request.query.view, now);
      return { assessments, now: now.toISOString() };
    },
  });

  app.put('/api/admin/assessments/:id/status', {
    config: { access: 'admin' },
    schema: {
      summary: 'Move an assessment to another review status',
      params: idParamsSchema,
      body: updateAssessmentStatusBodySchema,
      response: { 200: queuedAssessmentSchema },
    },
    handler: (request) => updateAssessmentStatus(app.deps, requireAuth(request), request.params.id),
  });

  app.get('/api/admin/assessments/:id/report.pdf', {
    config: { access: 'admin' },
    schema: { summary: 'Download the case report of an assessment (PDF)', params: idParamsSchema },
    handler: async (request, reply) => {
      const pdf = await renderAssessmentReport(
        { ...app.deps, log: request.log },
        requireAuth(request),
        request.params.id,
      );
      return sendDownload(reply, {
        type: 'application/pdf',
        filename: `assessment-${request.params.id}.pdf`,
        body: pdf,
      });
    },
  });
}
