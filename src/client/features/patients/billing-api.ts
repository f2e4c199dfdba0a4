import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  invoiceListSchema,
  refundResultSchema,
  type RefundBody,
} from '../../../shared/contracts/invoices';
import { apiRequest } from '../../lib/api-client';

export const adminInvoiceUrl = (id: number) => `/api/admin/invoices/${id}/pdf`;

const invoicesKey = (assessmentId: number) => ['admin', 'invoices', assessmentId];

export const useAssessmentInvoices = (assessmentId: number) =>
  useQuery({
    queryKey: invoicesKey(assessmentId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/assessments/${assessmentId}/invoices`, {
        schema: invoiceListSchema,
        signal,
      }),
  });

/** A full refund; the invoices (now with the cancellation) and the responses reload. */
export function useRefund(assessmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) =>
      apiRequest(`/api/admin/assessments/${assessmentId}/refund`, {
        method: 'POST',
        body,
        schema: refundResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
