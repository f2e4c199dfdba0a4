import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/routes';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AppDeps, AppInstance } from './http/app-instance';
import { registerClientAssets } from './http/client-assets';
import { registerErrorHandlers } from './http/error-handler';
import { serializeError } from './http/error-serializer';
import { healthRoutes } from './http/health-routes';
import { registerMetrics } from './http/metrics-routes';
import { registerOpenApi } from './http/openapi';
import { registerRouteAccess } from './http/route-access';
import { registerSecurityHeaders } from './http/security-headers';
import { createMailer } from './mail/mailer';
import { createLocalMediaStore } from './media/media-store';
import { countMailOutcomes, createMetrics } from './ops/metrics';
import { createReadiness } from './ops/readiness';
import { loadPrivacyNotice } from './privacy/privacy-notice';
import { privacyRoutes } from './privacy/routes';
import { scheduleRetention } from './privacy/retention';
import { reviewRoutes } from './review/routes';
import { createPaymentProvider } from './payments/create-provider';
import { paymentRoutes } from './payments/routes';
import { surveyRoutes } from './survey/routes';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Replace parts of the dependencies (tests use this for a fake clock or mailer). */
  overrides?: Partial<AppDeps>;
  /** The built client to serve; dist/client by default (tests serve a modified copy). */
  clientDir?: string;
}

/** Only method and path reach the logs: query strings may carry personal details. */
const requestSerializer = (req: { method: string; url: string }) => ({
  method: req.method,
  url: req.url.split('?')[0],
});

/** pino-pretty is a development dependency: a production install logs plain JSON lines. */
function prettyPrinterInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function loggerOptions(
  config: Config,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: { req: requestSerializer, err: serializeError },
    ...(config.env === 'development' && prettyPrinterInstalled()
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
      : {}),
  };
}

export async function buildApp({
  config,
  database,
  logger,
  overrides,
  clientDir,
}: BuildAppOptions): Promise<AppInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider() as unknown as AppInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  registerRouteAccess(app);
  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await registerOpenApi(app, config);

  const metrics = createMetrics();
  metrics.observePool(() => database.poolStats());
  if (config.metrics.port || config.metrics.token) metrics.collectProcessMetrics();
  registerMetrics(app, metrics, config.metrics.token);

  const deps: AppDeps = {
    config,
    db: database.db,
    tokens: createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    mailer: createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir },
      app.log,
    ),
    media: createLocalMediaStore(config.mediaDir, config.mediaKey),
    privacyNotice: await loadPrivacyNotice(config.dataDir),
    payments: overrides?.payments ?? createPaymentProvider(config, database.db),
    ...overrides,
  };
  deps.mailer = countMailOutcomes(deps.mailer, metrics);
  app.decorate('deps', deps);

  app.decorate('readiness', createReadiness(app.log));
  app.readiness.register('database', () => app.deps.db.execute(sql`SELECT 1`));
  app.readiness.register('media', () => app.deps.media.probe());

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(reviewRoutes);
  await app.register(auditRoutes);
  await app.register(privacyRoutes);
  scheduleRetention(app);
  await app.register(paymentRoutes);
  await app.register(adminRoutes);
  await app.register(surveyRoutes);
  await registerClientAssets(app, clientDir);
  return app;
}
