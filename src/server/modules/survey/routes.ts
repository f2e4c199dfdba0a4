import { okBodySchema } from '../../../shared/contracts/common';
import { completionResultSchema, surveyQuestionsSchema } from '../../../shared/contracts/survey';
import { currentSaveAnswerBodySchema } from '../../../question-types/registry.shared';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth, requireClaims } from '../../platform/http/route-access';
import { completeAssessment } from './completion-service';
import { saveAnswer } from './save-answer-service';
import { listSurveyQuestions } from './survey-questions-service';

/** The patient's survey: its questions with the answers so far, saving one, completing it. */
export async function surveyRoutes(app: AppInstance): Promise<void> {
  app.get('/api/survey/questions', {
    config: { access: 'user' },
    schema: {
      summary: "List the survey's questions with the answers so far",
      response: { 200: surveyQuestionsSchema },
    },
    handler: (request) => {
      const { assessmentId, language } = requireAuth(request);
      return listSurveyQuestions(app.deps.db, { assessmentId, language });
    },
  });

  // SPEC: the answer save keeps its name.
  app.post('/api/survey/responses', {
    // The save's one statement confirms the session (see saveAnswer).
    config: { access: 'user', checksSessionItself: true },
    schema: {
      summary: 'Save the answer to one question',
      body: currentSaveAnswerBodySchema(),
      response: { 200: okBodySchema },
    },
    handler: async (request) => {
      await saveAnswer({ ...app.deps, log: request.log }, requireClaims(request), request.body);
      return { ok: true as const };
    },
  });

  app.post('/api/survey/completion-email', {
    config: { access: 'user' },
    schema: {
      summary: 'Complete the survey (every required question answered)',
      response: { 200: completionResultSchema },
    },
    handler: (request) => {
      const { userId, assessmentId } = requireAuth(request);
      return completeAssessment(app.deps, { userId, assessmentId });
    },
  });
}
