import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okBodySchema } from '../../../shared/contracts/common';
import {
  assessmentErasureResultSchema,
  erasureResultSchema,
} from '../../../shared/contracts/privacy';
import { apiRequest } from '../../lib/api-client';

/**
 * Erases every assessment of an address (the explicit second choice) after the admin typed the
 * address again; the list reloads without them.
 */
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

/** Erases one assessment after the admin typed its patient's name; the list reloads without it. */
export function useEraseAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmName }: { id: number; confirmName: string }) =>
      apiRequest(`/api/admin/assessments/${id}/erase`, {
        method: 'POST',
        body: { confirmName },
        schema: assessmentErasureResultSchema,
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
