import { authResultSchema, idParamsSchema, okBodySchema } from '../../../shared/contracts/common';
import { redeemCouponBodySchema } from '../../../shared/contracts/paywall';
import { refundBodySchema, refundResultSchema } from '../../../shared/contracts/invoices';
import { requireAuth } from '../../platform/http/route-access';
import {
  createPaymentIntentBodySchema,
  demoConfirmBodySchema,
  demoConfirmResultSchema,
  paymentIntentResultSchema,
  publishableKeyResultSchema,
  updatePaymentIntentBodySchema,
  verifyPaymentBodySchema,
  webhookResultSchema,
} from '../../../shared/contracts/paywall';
import { notFound } from '../../platform/errors';
import type { AppInstance } from '../../platform/http/app-instance';
import { redeemCouponForUser } from './coupon-redemption';
import { confirmDemoPayment } from './demo-provider';
import { refundAssessment, type RefundDeps } from './refund-service';
import { receiveWebhook } from './webhook';
import {
  createPaymentIntent,
  updatePaymentIntent,
  verifyPayment,
  type PaymentDeps,
} from './payment-service';

export async function paymentRoutes(app: AppInstance): Promise<void> {
  const deps = (): PaymentDeps & RefundDeps => ({ ...app.deps, log: app.log });

  app.get('/api/stripe-publishable-key', {
    config: { access: 'public' },
    schema: {
      summary: 'Read the payment provider and its publishable key',
      response: { 200: publishableKeyResultSchema },
    },
    handler: () => ({
      publishableKey: app.deps.payments.publishableKey,
      provider: app.deps.payments.kind,
    }),
  });

  app.post('/api/create-payment-intent', {
    config: { access: 'public' },
    schema: {
      summary: 'Start a payment for an assessment',
      body: createPaymentIntentBodySchema,
      response: { 200: paymentIntentResultSchema },
    },
    handler: (request) => createPaymentIntent(deps(), request.body, request.ip),
  });

  app.post('/api/update-payment-intent', {
    config: { access: 'public' },
    schema: {
      summary: 'Change a started payment (details or coupon)',
      body: updatePaymentIntentBodySchema,
      response: { 200: paymentIntentResultSchema },
    },
    handler: (request) => updatePaymentIntent(deps(), request.body, request.ip),
  });

  app.post('/api/verify-payment', {
    config: { access: 'public' },
    schema: {
      summary: 'Confirm a payment and receive the access code by e-mail',
      body: verifyPaymentBodySchema,
      response: { 200: authResultSchema },
    },
    handler: (request) => verifyPayment(deps(), request.body, request.ip),
  });

  app.post('/api/coupons/redeem', {
    config: { access: 'user' },
    schema: {
      summary: 'Redeem a coupon that covers the whole price',
      body: redeemCouponBodySchema,
      response: { 200: okBodySchema },
    },
    handler: (request) => {
      const auth = requireAuth(request);
      return redeemCouponForUser(app.deps.db, {
        ...request.body,
        authUserId: auth.userId,
        assessmentId: auth.assessmentId,
      });
    },
  });

  app.post('/api/admin/assessments/:id/refund', {
    config: { access: 'admin' },
    schema: {
      summary: 'Refund the payment of an assessment',
      params: idParamsSchema,
      body: refundBodySchema,
      response: { 200: refundResultSchema },
    },
    handler: (request) =>
      refundAssessment(deps(), requireAuth(request), request.params.id, request.body),
  });

  app.post('/api/demo-payments/confirm', {
    config: { access: 'public' },
    schema: {
      summary: 'Confirm a payment of the offline demo provider',
      body: demoConfirmBodySchema,
      response: { 200: demoConfirmResultSchema },
    },
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
      schema: {
        summary: "Receive the payment provider's events (signed webhook)",
        response: { 200: webhookResultSchema },
      },
      handler: async (request) => {
        await receiveWebhook(deps(), request.body, request.headers['stripe-signature']);
        return { received: true } as const;
      },
    });
  });
}
