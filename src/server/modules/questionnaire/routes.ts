import {
  adminQuestionSchema,
  adminQuestionsSchema,
  deleteQuestionResultSchema,
  questionWriteBodySchema,
} from '../../../shared/contracts/admin-questions';
import { idParamsSchema } from '../../../shared/contracts/common';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import {
  createQuestion,
  deleteQuestion,
  listQuestions,
  updateQuestion,
  type AnswerLookups,
} from './questions-service';

/** The questionnaire's editing by the practice; `answers` say which questions have answers. */
export async function questionnaireRoutes(app: AppInstance, answers: AnswerLookups): Promise<void> {
  const { db } = app.deps;

  app.get('/api/admin/questions', {
    config: { access: 'admin' },
    schema: {
      summary: "List the questionnaire's questions for editing",
      response: { 200: adminQuestionsSchema },
    },
    handler: () => listQuestions(db, answers),
  });

  app.post('/api/admin/questions', {
    config: { access: 'admin' },
    schema: {
      summary: 'Add a question',
      body: questionWriteBodySchema,
      response: { 201: adminQuestionSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createQuestion(db, answers, requireAuth(request), request.body)),
  });

  app.put('/api/admin/questions/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Change a question',
      params: idParamsSchema,
      body: questionWriteBodySchema,
      response: { 200: adminQuestionSchema },
    },
    handler: (request) =>
      updateQuestion(db, answers, requireAuth(request), request.params.id, request.body),
  });

  app.delete('/api/admin/questions/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Remove a question (retired when answered)',
      params: idParamsSchema,
      response: { 200: deleteQuestionResultSchema },
    },
    handler: (request) => deleteQuestion(db, answers, requireAuth(request), request.params.id),
  });
}
