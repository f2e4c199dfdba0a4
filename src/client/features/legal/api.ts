import { useQuery } from '@tanstack/react-query';
import { legalPageSchema, type LegalPageName } from '../../../shared/contracts/legal';
import { apiRequest } from '../../lib/api-client';

export const useLegalPage = (page: LegalPageName) =>
  useQuery({
    queryKey: ['legal-page', page],
    queryFn: ({ signal }) =>
      apiRequest(`/api/legal/${page}`, { schema: legalPageSchema, auth: false, signal }),
    staleTime: Infinity,
  });
