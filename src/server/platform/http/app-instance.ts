import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenService } from '../../modules/accounts/tokens';
import type { Config } from '../../config';
import type { Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { MediaStore } from '../../modules/media/media-store';
import type { PrivacyNotice } from '../../modules/privacy/privacy-notice';
import type { LegalPages } from '../../modules/legal/legal-pages';
import type { PaymentProvider } from '../../modules/payments/provider';

/** What route plugins reach through `app.deps`: built once in buildApp, replaced in tests. */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenService;
  mailer: Mailer;
  media: MediaStore;
  privacyNotice: PrivacyNotice;
  /** Imprint, terms and withdrawal information; agreement to the last two is stored at checkout. */
  legalPages: LegalPages;
  /** Card payments: Stripe, or the offline demo provider. */
  payments: PaymentProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
