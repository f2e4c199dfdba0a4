import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  promoCodeSchema,
  promoCodesSchema,
  type PromoCodeWriteBody,
} from '../../../shared/contracts/promo-codes';
import { apiRequest } from '../../lib/api-client';

export const promoCodesKey = ['admin', 'promo-codes'] as const;

export function usePromoCodes() {
  return useQuery({
    queryKey: promoCodesKey,
    queryFn: ({ signal }) => apiRequest('/api/admin/coupons', { schema: promoCodesSchema, signal }),
  });
}

export function useSavePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PromoCodeWriteBody }) =>
      apiRequest(id ? `/api/admin/coupons/${id}` : '/api/admin/coupons', {
        method: id ? 'PUT' : 'POST',
        body,
        schema: promoCodeSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
  });
}

export function useDeletePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/coupons/${id}`, { method: 'DELETE', schema: promoCodeSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoCodesKey }),
  });
}
