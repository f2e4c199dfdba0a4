import { useMutation, useQueryClient } from '@tanstack/react-query';
import { erasureResultSchema } from '../../../shared/contracts/privacy';
import { apiRequest } from '../../lib/api-client';

/** Erases a patient after the admin typed their e-mail again; the list reloads without them. */
export function useErasePatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmEmail }: { id: number; confirmEmail: string }) =>
      apiRequest(`/api/admin/patients/${id}`, {
        method: 'DELETE',
        body: { confirmEmail },
        schema: erasureResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'responses'] }),
  });
}
