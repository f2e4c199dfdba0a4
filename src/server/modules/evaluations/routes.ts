import { idParamsSchema } from '../../../shared/contracts/common';
import {
  addendumBodySchema,
  adminEvaluationSchema,
  conclusionBodySchema,
  conclusionListSchema,
  editableConclusionListSchema,
  editableConclusionSchema,
  evaluationDraftBodySchema,
  patientAssessmentSchema,
} from '../../../shared/contracts/evaluation';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { requireAuth } from '../../platform/http/route-access';
import { languageOfHeader } from '../../platform/i18n/messages';
import {
  changeConclusion,
  createConclusion,
  listConclusions,
  listEditableConclusions,
  removeConclusion,
} from './conclusions-service';
import { addAddendum, openEvaluation, saveDraft, sendEvaluation } from './evaluation-service';
import { patientAssessment, patientEvaluationPdf } from './patient-evaluation-service';

/** The evaluation: written and sent by the dentist, read and downloaded by the patient. */
export async function evaluationRoutes(app: AppInstance): Promise<void> {
  app.get('/api/survey/assessment', {
    config: { access: 'user' },
    schema: {
      summary: "Read the patient's assessment: its status and evaluation",
      response: { 200: patientAssessmentSchema },
    },
    handler: (request) => patientAssessment(app.deps, requireAuth(request)),
  });

  app.get('/api/survey/assessment/evaluation.pdf', {
    config: { access: 'user' },
    schema: { summary: "Download the patient's evaluation (PDF)" },
    handler: async (request, reply) =>
      sendDownload(reply, {
        type: 'application/pdf',
        filename: 'evaluation.pdf',
        body: await patientEvaluationPdf(app.deps, requireAuth(request)),
      }),
  });

  app.get('/api/admin/evaluation-conclusions', {
    config: { access: 'admin' },
    schema: {
      summary: "List the evaluation conclusions in the caller's language",
      response: { 200: conclusionListSchema },
    },
    handler: (request) =>
      listConclusions(app.deps.db, languageOfHeader(request.headers['accept-language'])),
  });

  app.get('/api/admin/evaluation-conclusions/translations', {
    config: { access: 'admin' },
    schema: {
      summary: 'List the evaluation conclusions with every translation, for editing',
      response: { 200: editableConclusionListSchema },
    },
    handler: () => listEditableConclusions(app.deps.db),
  });

  app.post('/api/admin/evaluation-conclusions', {
    config: { access: 'admin' },
    schema: {
      summary: 'Add an evaluation conclusion',
      body: conclusionBodySchema,
      response: { 200: editableConclusionSchema },
    },
    handler: (request) => createConclusion(app.deps.db, request.body),
  });

  app.put('/api/admin/evaluation-conclusions/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Change an evaluation conclusion',
      params: idParamsSchema,
      body: conclusionBodySchema,
      response: { 200: editableConclusionSchema },
    },
    handler: (request) => changeConclusion(app.deps.db, request.params.id, request.body),
  });

  app.delete('/api/admin/evaluation-conclusions/:id', {
    config: { access: 'admin' },
    schema: { summary: 'Remove an evaluation conclusion', params: idParamsSchema },
    handler: async (request, reply) => {
      await removeConclusion(app.deps.db, request.params.id);
      return reply.code(204).send();
    },
  });

  app.get('/api/admin/assessments/:id/evaluation', {
    config: { access: 'admin' },
    schema: {
      summary: "Open an assessment's evaluation (starts the review)",
      params: idParamsSchema,
      response: { 200: adminEvaluationSchema },
    },
    handler: (request) => openEvaluation(app.deps, requireAuth(request), request.params.id),
  });

  app.put('/api/admin/assessments/:id/evaluation', {
    config: { access: 'admin' },
    schema: {
      summary: "Save the draft of an assessment's evaluation",
      params: idParamsSchema,
      body: evaluationDraftBodySchema,
      response: { 200: adminEvaluationSchema },
    },
    handler: (request) =>
      saveDraft(app.deps, requireAuth(request), request.params.id, request.body),
  });

  app.post('/api/admin/assessments/:id/evaluation/send', {
    config: { access: 'admin' },
    schema: {
      summary: 'Send the evaluation to the patient (once)',
      params: idParamsSchema,
      response: { 200: adminEvaluationSchema },
    },
    handler: (request) => sendEvaluation(app.deps, requireAuth(request), request.params.id),
  });

  app.post('/api/admin/assessments/:id/evaluation/addenda', {
    config: { access: 'admin' },
    schema: {
      summary: 'Add an addendum to a sent evaluation',
      params: idParamsSchema,
      body: addendumBodySchema,
      response: { 200: adminEvaluationSchema },
    },
    handler: (request) =>
      addAddendum(app.deps, requireAuth(request), request.params.id, request.body.text),
  });
}
