import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  queuedAssessmentSchema,
  reviewQueueSchema,
  type UpdateAssessmentStatusBody,
} from '../../../shared/contracts/review';
import { apiRequest } from '../../lib/api-client';

export type QueueView = 'open' | 'evaluated';

export const reviewQueueKey = (view: QueueView) => ['review-queue', view] as const;

export function useReviewQueue(view: QueueView) {
  return useQuery({
    queryKey: reviewQueueKey(view),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/review-queue?view=${view}`, { schema: reviewQueueSchema, signal }),
  });
}

export function useUpdateAssessmentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAssessmentStatusBody }) =>
      apiRequest(`/api/admin/assessments/${id}/status`, {
        method: 'PUT',
        body,
        schema: queuedAssessmentSchema,
      }),
    // A status change moves an assessment between the open and evaluated lists.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['review-queue'] }),
  });
}

export const reportUrl = (id: number) => `/api/admin/assessments/${id}/report.pdf`;
export const answersCsvUrl = '/api/admin/exports/answers.csv';
