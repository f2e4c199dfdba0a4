import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminQuestionSchema,
  adminQuestionsSchema,
  deleteQuestionResultSchema,
  type QuestionWriteBody,
} from '../../../shared/contracts/admin-questions';
import { apiRequest } from '../../lib/api-client';

export const questionsKey = ['admin', 'questions'] as const;

export function useAdminQuestions() {
  return useQuery({
    queryKey: questionsKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/questions', { schema: adminQuestionsSchema, signal }),
  });
}

/** The body as the server reads it; zod's input type, since defaults are filled in there. */
export type QuestionPayload = Omit<QuestionWriteBody, 'Options'> & {
  Options: (Omit<QuestionWriteBody['Options'][number], 'ID'> & { ID?: number })[];
};

export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: QuestionPayload }) =>
      apiRequest(id ? `/api/admin/questions/${id}` : '/api/admin/questions', {
        method: id ? 'PUT' : 'POST',
        body,
        schema: adminQuestionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKey }),
  });
}

export function useDeleteQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/questions/${id}`, {
        method: 'DELETE',
        schema: deleteQuestionResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKey }),
  });
}
