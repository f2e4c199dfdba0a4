import { useQuery } from '@tanstack/react-query';
import { adminAssessmentAnswersSchema } from '../../../shared/contracts/admin-patients';
import { apiRequest } from '../api-client';

/** One assessment's answers, fetched when it is shown. */
export function useAssessmentAnswers(assessmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'patients', 'assessment', assessmentId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/assessments/${assessmentId}/answers`, {
        schema: adminAssessmentAnswersSchema,
        signal,
      }),
    enabled,
  });
}
