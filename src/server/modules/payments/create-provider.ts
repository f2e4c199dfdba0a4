import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { createDemoProvider } from './demo-provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

/** Stripe when configured (config.ts decides, and refuses demo in production by accident). */
export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
  if (config.payments.provider === 'stripe') return createStripeProvider(config.payments);
  return createDemoProvider(db, config.jwtSecret);
}
