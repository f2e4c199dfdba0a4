import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminPatientsPageSchema } from '../../../shared/contracts/admin-patients';
import { apiRequest } from '../../lib/api-client';

export const PAGE_SIZE = 25;

/** The case report of one assessment (a PDF in the admin's language). */
export const reportUrl = (assessmentId: number) =>
  `/api/admin/assessments/${assessmentId}/report.pdf`;

export function usePatientsPage(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: ['admin', 'patients', page, search],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/responses?${params.toString()}`, {
        schema: adminPatientsPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
