import { createRequire } from 'node:module';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { auditRoutes } from './modules/audit/routes';
import { questionnaireRoutes } from './modules/questionnaire/routes';
import { authenticate, readSessionClaims } from './modules/accounts/authenticate';
import { authRoutes } from './modules/accounts/routes';
import { createTokenService } from './modules/accounts/tokens';
import type { Config } from './config';
import type { Database } from './platform/db/client';
import { pingDatabase } from './platform/db/ping';
import type { AppDeps, AppInstance } from './platform/http/app-instance';
import { registerClientAssets } from './platform/http/client-assets';
import { registerErrorHandlers } from './platform/http/error-handler';
import { serializeError } from './platform/http/error-serializer';
import { healthRoutes } from './platform/http/health-routes';
import { registerMetrics } from './platform/http/metrics-routes';
import { registerOpenApi } from './platform/http/openapi';
import { registerRouteAccess } from './platform/http/route-access';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { createMailer } from './platform/mail/mailer';
import { createMediaStore } from './modules/media/create-media-store';
import { countMailOutcomes, createMetrics } from './platform/ops/metrics';
import { createReadiness } from './platform/ops/readiness';
import { loadPrivacyNotice } from './modules/privacy/privacy-notice';
import { privacyRoutes } from './modules/privacy/routes';
import { loadLegalPages } from './modules/legal/legal-pages';
import { legalRoutes } from './modules/legal/routes';
import { registerCleanupJobs } from './modules/privacy/retention';
import { createJobQueue } from './platform/jobs/job-queue';
import { registerAccessCodeDelivery } from './modules/accounts/access-code-delivery';
import { registerRefundMail } from './modules/payments/refund-mail';
import { invoiceRoutes } from './modules/invoices/routes';
import { registerAssessmentMails } from './modules/assessments/assessment-mails';
import { reviewRoutes } from './modules/review/routes';
import { evaluationRoutes } from './modules/evaluations/routes';
import { registerEvaluationMails } from './modules/evaluations/evaluation-mails';
import { registerCareScans } from './modules/assessments/care-scans';
import { createPaymentProvider } from './modules/payments/create-provider';
import { paymentRoutes } from './modules/payments/routes';
import { answerRoutes } from './modules/answers/routes';
import { assessmentRoutes } from './modules/assessments/routes';
import { mediaRoutes } from './modules/media/routes';
import { promoCodeRoutes } from './modules/promo-codes/routes';

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
  registerRouteAccess(app, {
    authenticate: (token) => authenticate(app.deps, token),
    readClaims: (token) => readSessionClaims(app.deps, token),
  });
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
    media: createMediaStore(config),
    privacyNotice: await loadPrivacyNotice(config.dataDir),
    legalPages: await loadLegalPages(config),
    payments: overrides?.payments ?? createPaymentProvider(config, database.db),
    ...overrides,
  };
  deps.mailer = countMailOutcomes(deps.mailer, metrics);
  app.decorate('deps', deps);

  app.decorate('readiness', createReadiness(app.log));
  app.readiness.register('database', () => pingDatabase(app.deps.db));
  app.readiness.register('media', () => app.deps.media.probe());

  // E-mail and scheduled work: queued in the database, run by this worker outside any request.
  app.decorate('jobs', createJobQueue({ db: database.db, log: app.log, metrics }));
  registerAccessCodeDelivery(app.jobs, deps);
  registerRefundMail(app.jobs, deps);
  registerAssessmentMails(app.jobs, deps);
  registerCareScans(app.jobs, deps);
  registerEvaluationMails(app.jobs, deps);
  registerCleanupJobs(app.jobs, deps);
  app.readiness.register('jobs', () => app.jobs.check());
  app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', async () => app.jobs.stop());

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(reviewRoutes);
  await app.register(evaluationRoutes);
  await app.register(auditRoutes);
  await app.register(privacyRoutes);
  await app.register(legalRoutes);
  await app.register(paymentRoutes);
  await app.register(invoiceRoutes);
  await app.register(promoCodeRoutes);
  await app.register(questionnaireRoutes);
  await app.register(answerRoutes);
  await app.register(mediaRoutes);
  await app.register(assessmentRoutes);
  await registerClientAssets(app, clientDir);
  return app;
}
