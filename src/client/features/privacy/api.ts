import { useQuery } from '@tanstack/react-query';
import { privacyNoticeSchema } from '../../../shared/contracts/privacy';
import { apiRequest } from '../../lib/api-client';

export const usePrivacyNotice = () =>
  useQuery({
    queryKey: ['privacy-notice'],
    queryFn: ({ signal }) =>
      apiRequest('/api/privacy-notice', { schema: privacyNoticeSchema, auth: false, signal }),
    staleTime: Infinity,
  });
