import {
  adminQuestionSchema,
  adminQuestionsSchema,
  deleteQuestionResultSchema,
  questionWriteBodySchema,
} from '../../../shared/contracts/admin-questions';
import { idParamsSchema } from '../../../shared/contracts/common';
import { surveyQuestionsSchema } from '../../../shared/contracts/survey';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { createQuestion, deleteQuestion, listQuestions, updateQuestion } from './questions-service';
import { listSurveyQuestions } from './survey-questions-service';

/** The questionnaire: the survey's questions for a patient, and their editing by the practice. */
export async function questionnaireRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/api/survey/questions', {
    config: { access: 'user' },
    schema: { response: { 200: surveyQuestionsSchema } },
    handler: (request) => {
      const auth = requireAuth(request);
      return listSurveyQuestions(db, { assessmentId: auth.assessmentId, language: auth.language });
    },
  });

  app.get('/api/admin/questions', {
    config: { access: 'admin' },
    schema: { response: { 200: adminQuestionsSchema } },
    handler: () => listQuestions(db),
  });

  app.post('/api/admin/questions', {
    config: { access: 'admin' },
    schema: { body: questionWriteBodySchema, response: { 201: adminQuestionSchema } },
    handler: async (request, reply) =>
      reply.code(201).send(await createQuestion(db, requireAuth(request), request.body)),
  });

  app.put('/api/admin/questions/:id', {
    config: { access: 'admin' },
    schema: {
      params: idParamsSchema,
      body: questionWriteBodySchema,
      response: { 200: adminQuestionSchema },
    },
    handler: (request) => updateQuestion(db, requireAuth(request), request.params.id, request.body),
  });

  app.delete('/api/admin/questions/:id', {
    config: { access: 'admin' },
    schema: { params: idParamsSchema, response: { 200: deleteQuestionResultSchema } },
    handler: (request) => deleteQuestion(db, requireAuth(request), request.params.id),
  });
}
