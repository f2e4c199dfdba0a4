import { useQuery } from '@tanstack/react-query';
import {
  assessmentErasureResultSchema,
  privacyNoticeSchema,
} from '../../../shared/contracts/privacy';
import { apiRequest } from '../../lib/api-client';

export const usePrivacyNotice = () =>
  useQuery({
    queryKey: ['privacy-notice'],
    queryFn: ({ signal }) =>
      apiRequest('/api/privacy-notice', { schema: privacyNoticeSchema, auth: false, signal }),
    staleTime: Infinity,
  });

/** Erases the signed-in patient's own assessment (only the session's one). */
export const eraseMyAssessment = () =>
  apiRequest('/api/me/erase', {
    method: 'POST',
    body: {},
    schema: assessmentErasureResultSchema,
  });
