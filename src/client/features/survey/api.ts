import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  completionRefusedSchema,
  completionResultSchema,
  surveyQuestionsSchema,
} from '../../../shared/contracts/survey';
import type { SaveAnswerBody } from '../../../question-types/registry.shared';
import { patientAssessmentSchema } from '../../../shared/contracts/evaluation';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The survey questions; the language is part of the key, so a language change refetches. */
export function useSurveyQuestions() {
  const { i18n: instance } = useTranslation();
  const language = instance.resolvedLanguage ?? instance.language;
  return useQuery({
    queryKey: ['survey', 'questions', language],
    queryFn: ({ signal }) =>
      apiRequest('/api/survey/questions', { schema: surveyQuestionsSchema, signal }),
    staleTime: Infinity,
    // While the other language loads, the current question stays on screen.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}

const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Runs a call that may safely be repeated; a failure of the network or the server is retried
 * once before the patient sees an error.
 */
async function retriedOnce(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!isTransient(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await call();
  }
}

/** Saves one answer; saving is an upsert, so it may be repeated. */
export function saveAnswer(body: SaveAnswerBody): Promise<void> {
  return retriedOnce(() => apiRequest('/api/survey/responses', { method: 'POST', body }));
}

/**
 * Completes the assessment with one request (the answers were saved as the patient went); the
 * server completes an assessment once, so it may be repeated. Returns the required questions
 * still unanswered when the server refuses for them, else [].
 */
export async function completeAssessment(): Promise<number[]> {
  try {
    await retriedOnce(() =>
      apiRequest('/api/survey/completion-email', {
        method: 'POST',
        schema: completionResultSchema,
      }),
    );
    return [];
  } catch (error) {
    const refused = error instanceof ApiError && completionRefusedSchema.safeParse(error.body);
    if (refused && refused.success && refused.data.missingQuestionIds.length > 0) {
      return refused.data.missingQuestionIds;
    }
    throw error;
  }
}

export const patientAssessmentKey = ['survey', 'assessment'] as const;

/** Where the patient's assessment stands, with the evaluation once it is sent. */
export function usePatientAssessment() {
  return useQuery({
    queryKey: patientAssessmentKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/survey/assessment', { schema: patientAssessmentSchema, signal }),
  });
}

export const evaluationPdfUrl = '/api/survey/assessment/evaluation.pdf';
