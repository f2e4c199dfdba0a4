import { idParamsSchema } from '../../../shared/contracts/common';
import {
  promoCodeSchema,
  promoCodesSchema,
  promoCodeWriteBodySchema,
  validateCouponBodySchema,
  validateCouponResultSchema,
} from '../../../shared/contracts/promo-codes';
import type { AppInstance } from '../../platform/http/app-instance';
import { requireAuth } from '../../platform/http/route-access';
import { languageOfHeader } from '../../platform/i18n/messages';
import { validateCoupon } from './coupons';
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  updatePromoCode,
} from './promo-codes-service';

/** Promo codes: checked at checkout, managed by the practice. */
export async function promoCodeRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.post('/api/coupons/validate', {
    config: { access: 'public' },
    schema: {
      summary: 'Check a coupon code and the price it gives',
      body: validateCouponBodySchema,
      response: { 200: validateCouponResultSchema },
    },
    handler: (request) =>
      validateCoupon(db, {
        code: request.body.code,
        ip: request.ip,
        language: languageOfHeader(request.headers['accept-language']),
      }),
  });

  app.get('/api/admin/coupons', {
    config: { access: 'admin' },
    schema: { summary: 'List promo codes', response: { 200: promoCodesSchema } },
    handler: () => listPromoCodes(db),
  });

  app.post('/api/admin/coupons', {
    config: { access: 'admin' },
    schema: {
      summary: 'Create a promo code',
      body: promoCodeWriteBodySchema,
      response: { 201: promoCodeSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createPromoCode(db, requireAuth(request), request.body)),
  });

  app.put('/api/admin/coupons/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Change a promo code',
      params: idParamsSchema,
      body: promoCodeWriteBodySchema,
      response: { 200: promoCodeSchema },
    },
    handler: (request) =>
      updatePromoCode(db, requireAuth(request), request.params.id, request.body),
  });

  app.delete('/api/admin/coupons/:id', {
    config: { access: 'admin' },
    schema: {
      summary: 'Delete a promo code',
      params: idParamsSchema,
      response: { 200: promoCodeSchema },
    },
    handler: (request) => deletePromoCode(db, requireAuth(request), request.params.id),
  });
}
