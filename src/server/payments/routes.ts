import { authResultSchema, okBodySchema } from '../../shared/contracts/common';
import {
  createPaymentIntentBodySchema,
  demoConfirmBodySchema,
  demoConfirmResultSchema,
  paymentIntentResultSchema,
  publishableKeyResultSchema,
  redeemCouponBodySchema,
  updatePaymentIntentBodySchema,
  verifyPaymentBodySchema,
  webhookResultSchema,
} from '../../shared/contracts/paywall';
import {
  validateCouponBodySchema,
  validateCouponResultSchema,
} from '../../shared/contracts/promo-codes';
import { badRequest, notFound } from '../http/app-error';
import type { AppInstance } from '../http/app-instance';
import { requireAuth } from '../http/route-access';
import { languageOfHeader } from '../i18n/messages';
import { redeemCouponForUser, validateCoupon } from './coupons';
import { confirmDemoPayment } from './demo-provider';
import { handleWebhookEvent } from './webhook';
import {
  createPaymentIntent,
  updatePaymentIntent,
  verifyPayment,
  type PaymentDeps,
} from './payment-service';

export async function paymentRoutes(app: AppInstance): Promise<void> {
  const deps = (): PaymentDeps => ({ ...app.deps, log: app.log });

  app.get('/api/stripe-publishable-key', {
    config: { access: 'public' },
    schema: { response: { 200: publishableKeyResultSchema } },
    handler: () => ({
      publishableKey: app.deps.payments.publishableKey,
      provider: app.deps.payments.kind,
    }),
  });

  app.post('/api/create-payment-intent', {
    config: { access: 'public' },
    schema: { body: createPaymentIntentBodySchema, response: { 200: paymentIntentResultSchema } },
    handler: (request) => createPaymentIntent(deps(), request.body, request.ip),
  });

  app.post('/api/update-payment-intent', {
    config: { access: 'public' },
    schema: { body: updatePaymentIntentBodySchema, response: { 200: paymentIntentResultSchema } },
    handler: (request) => updatePaymentIntent(deps(), request.body, request.ip),
  });

  app.post('/api/verify-payment', {
    config: { access: 'public' },
    schema: { body: verifyPaymentBodySchema, response: { 200: authResultSchema } },
    handler: (request) => verifyPayment(deps(), request.body, request.ip),
  });

  app.post('/api/coupons/validate', {
    config: { access: 'public' },
    schema: { body: validateCouponBodySchema, response: { 200: validateCouponResultSchema } },
    handler: (request) =>
      validateCoupon(app.deps.db, {
        code: request.body.code,
        ip: request.ip,
        language: languageOfHeader(request.headers['accept-language']),
      }),
  });

  app.post('/api/coupons/redeem', {
    config: { access: 'user' },
    schema: { body: redeemCouponBodySchema, response: { 200: okBodySchema } },
    handler: (request) => {
      const auth = requireAuth(request);
      return redeemCouponForUser(app.deps.db, {
        ...request.body,
        authUserId: auth.userId,
        accessCodeId: auth.accessCodeId,
      });
    },
  });

  app.post('/api/demo-payments/confirm', {
    config: { access: 'public' },
    schema: { body: demoConfirmBodySchema, response: { 200: demoConfirmResultSchema } },
    handler: (request) => {
      if (app.deps.payments.kind !== 'demo') throw notFound();
      return confirmDemoPayment(app.deps.db, app.deps.config.jwtSecret, request.body);
    },
  });

  // The webhook needs the raw body for its signature, so it gets its own JSON parser.
  await app.register(async (raw: AppInstance) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post('/api/stripe/webhook', {
      config: { access: 'public' },
      schema: { response: { 200: webhookResultSchema } },
      handler: async (request) => {
        const provider = app.deps.payments;
        if (!provider.parseWebhook) throw notFound('payments.webhookNotConfigured');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw badRequest('payments.webhookSignature');
        }
        let event;
        try {
          event = provider.parseWebhook(request.body, signature);
        } catch {
          throw badRequest('payments.webhookSignature');
        }
        await handleWebhookEvent(deps(), event);
        return { received: true } as const;
      },
    });
  });
}
