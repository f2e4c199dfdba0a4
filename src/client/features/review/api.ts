import { useQuery } from '@tanstack/react-query';
import { reviewQueueSchema } from '../../../shared/contracts/review';
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

export const reportUrl = (id: number) => `/api/admin/assessments/${id}/report.pdf`;
export const answersCsvUrl = '/api/admin/exports/answers.csv';
