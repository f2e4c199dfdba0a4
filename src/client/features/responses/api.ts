import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminResponsesPageSchema } from '../../../shared/contracts/admin-responses';
import { apiRequest } from '../../lib/api-client';

export const PAGE_SIZE = 25;

/** The case report of one assessment (a PDF in the admin's language). */
export const reportUrl = (accessCodeId: number) =>
  `/api/admin/assessments/${accessCodeId}/report.pdf`;

export function useResponsePage(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: ['admin', 'responses', page, search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/responses?${params.toString()}`, {
        schema: adminResponsesPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
