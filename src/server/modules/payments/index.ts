import type { PaymentProvider } from './provider';

/** Payments: intents, fulfilment into a new assessment, refunds, the provider's webhooks. */
export { createPaymentProvider } from './create-provider';
export { paymentMessages } from './messages';
export {
  deletePaymentsOfAccount,
  forgetPaymentDetails,
  paymentsOfAssessment,
} from './payments-repository';
export { type PaymentProvider } from './provider';
export { registerRefundMail } from './refund-mail';
export { paymentRoutes } from './routes';

declare module '../../platform/http/app-instance' {
  interface AppDeps {
    /** Card payments: Stripe, or the offline demo provider. */
    payments: PaymentProvider;
  }
}
