import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEvaluationSchema,
  conclusionListSchema,
  editableConclusionListSchema,
  editableConclusionSchema,
  type AdminEvaluation,
  type ConclusionBody,
  type EvaluationDraftBody,
} from '../../../shared/contracts/evaluation';
import { apiRequest } from '../../lib/api-client';

const evaluationUrl = (id: number) => `/api/admin/assessments/${id}/evaluation`;
export const evaluationKey = (id: number) => ['evaluation', id] as const;
const conclusionsKey = ['evaluation-conclusions'] as const;

/** Opening the editor takes the assessment into review (the server decides). */
export function useAdminEvaluation(id: number) {
  return useQuery({
    queryKey: evaluationKey(id),
    queryFn: ({ signal }) =>
      apiRequest(evaluationUrl(id), { schema: adminEvaluationSchema, signal }),
    refetchOnWindowFocus: false,
  });
}

/** Every step answers with the evaluation as it now is; the cache takes it as the truth. */
function useEvaluationStep<V>(id: number, call: (value: V) => Promise<AdminEvaluation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (evaluation) => {
      queryClient.setQueryData(evaluationKey(id), evaluation);
      void queryClient.invalidateQueries({ queryKey: ['review-queue'] });
    },
  });
}

export const useSaveDraft = (id: number) =>
  useEvaluationStep(id, (body: EvaluationDraftBody) =>
    apiRequest(evaluationUrl(id), { method: 'PUT', body, schema: adminEvaluationSchema }),
  );

export const useSendEvaluation = (id: number) =>
  useEvaluationStep(id, () =>
    apiRequest(`${evaluationUrl(id)}/send`, { method: 'POST', schema: adminEvaluationSchema }),
  );

export const useAddAddendum = (id: number) =>
  useEvaluationStep(id, (text: string) =>
    apiRequest(`${evaluationUrl(id)}/addenda`, {
      method: 'POST',
      body: { text },
      schema: adminEvaluationSchema,
    }),
  );

/** The conclusion list in the page's language (the language is part of the key). */
export function useConclusions(language: string) {
  return useQuery({
    queryKey: [...conclusionsKey, language],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/evaluation-conclusions', { schema: conclusionListSchema, signal }),
  });
}

export function useEditableConclusions() {
  return useQuery({
    queryKey: [...conclusionsKey, 'translations'],
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/evaluation-conclusions/translations', {
        schema: editableConclusionListSchema,
        signal,
      }),
  });
}

/** Create (no id), change or remove (body null) one conclusion of the list. */
export function useChangeConclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: ConclusionBody | null }) => {
      if (id !== undefined && body === null) {
        await apiRequest(`/api/admin/evaluation-conclusions/${id}`, { method: 'DELETE' });
        return;
      }
      await apiRequest(`/api/admin/evaluation-conclusions${id === undefined ? '' : `/${id}`}`, {
        method: id === undefined ? 'POST' : 'PUT',
        body,
        schema: editableConclusionSchema,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conclusionsKey }),
  });
}
