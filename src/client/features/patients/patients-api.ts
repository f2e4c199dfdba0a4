import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okBodySchema } from '../../../shared/contracts/common';
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'patients'] }),
  });
}

/**
 * Asks the server to e-mail the assessment's patient a new access code (202: it is queued). The
 * list reloads: the code's last characters change once the mail has gone out.
 */
export function useSendNewAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assessmentId: number) =>
      apiRequest(`/api/admin/assessments/${assessmentId}/access-code`, {
        method: 'POST',
        schema: okBodySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'patients'] }),
  });
}
