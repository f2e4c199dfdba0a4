import { useQuery } from '@tanstack/react-query';
import { adminAccessCodeResponsesSchema } from '../../../shared/contracts/admin-responses';
import { apiRequest } from '../api-client';

/** One assessment's answers, fetched when it is shown. */
export function useAccessCodeResponses(accessCodeId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'responses', 'access-code', accessCodeId],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/responses/access-codes/${accessCodeId}`, {
        schema: adminAccessCodeResponsesSchema,
        signal,
      }),
    enabled,
  });
}
