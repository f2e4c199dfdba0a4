import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditQuery } from '../../../shared/contracts/audit';
import { apiRequest } from '../../lib/api-client';

export type AuditFilters = Partial<Omit<AuditQuery, 'pageSize'>>;

export function useAuditLog(filters: AuditFilters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return useQuery({
    queryKey: ['audit-log', params.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/audit-log?${params.toString()}`, { schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
