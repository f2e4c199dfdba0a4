import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminProfileSchema, type AdminProfileBody } from '../../../shared/contracts/admin-profile';
import { apiRequest } from '../../lib/api-client';

const KEY = ['admin-profile'];

export const useAdminProfile = (enabled: boolean) =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/profile', { schema: adminProfileSchema, signal }),
    enabled,
  });

export function useSaveAdminProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProfileBody) =>
      apiRequest('/api/admin/profile', { method: 'PUT', body, schema: adminProfileSchema }),
    onSuccess: (profile) => client.setQueryData(KEY, profile),
  });
}
