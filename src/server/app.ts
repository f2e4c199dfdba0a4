import { createRequire } from 'node:module';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  authRoutes,
  authenticate,
  readSessionClaims,
  registerAccessCodeDelivery,
} from './modules/access';
import { adminProfileRoutes, createTokenService, listAdmins } from './modules/accounts';
import {
  answerCountsByQuestion,
  answerRoutes,
  chosenOptionIds,
  countAnswersOfQuestion,
} from './modules/answers';
import { patientNamesOf, registerAssessmentMails, registerCareScans } from './modules/assessments';
import { auditRoutes } from './modules/audit';
import { evaluationRoutes, registerEvaluationMails } from './modules/evaluations';
import { invoiceRoutes } from './modules/invoices';
import { legalRoutes, loadLegalPages, loadPrivacyNotice } from './modules/legal';
import { createMediaStore, mediaRoutes } from './modules/media';
import { createPaymentProvider, paymentRoutes, registerRefundMail } from './modules/payments';
import { privacyRoutes, registerCleanupJobs, registerErasureMail } from './modules/privacy';
import { promoCodeRoutes } from './modules/promo-codes';
import { questionnaireRoutes } from './modules/questionnaire';
import { reviewRoutes } from './modules/review';
import { surveyRoutes } from './modules/survey';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { pingDatabase } from './platform/db/ping';
import type { AppDeps, AppInstance } from './platform/http/app-instance';
import { registerClientAssets } from './platform/http/client-assets';
import { registerErrorHandlers } from './platform/http/error-handler';
import { serializeError } from './platform/http/error-serializer';
import { healthRoutes } from './platform/http/health-routes';
import { calendarRoutes } from './platform/calendar/calendar-routes';
import { registerMetrics } from './platform/http/metrics-routes';
import { registerOpenApi } from './platform/http/openapi';
import { echoRequestId, requestIdGenerator } from './platform/http/request-id';
import { registerRouteAccess } from './platform/http/route-access';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { createMailer } from './platform/mail/mailer';
import { buildInfo } from './platform/ops/build-info';
import { countMailOutcomes, createMetrics } from './platform/ops/metrics';
import { createReadiness } from './platform/ops/readiness';
import { createJobQueue } from './platform/jobs/job-queue';

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
  const { headersSeconds, idleSeconds, requestSeconds } = config.timeouts;
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A client that stalls is cut, so stalled connections cannot pile up: the head within
    // headersSeconds, no pause longer than idleSeconds, the whole request within requestSeconds.
    connectionTimeout: idleSeconds * 1000,
    requestTimeout: requestSeconds * 1000,
    http: {
      headersTimeout: headersSeconds * 1000,
      // Node checks the head and request deadlines on this beat (30 s by default).
      connectionsCheckingInterval: Math.min(30_000, headersSeconds * 500),
    },
  }).withTypeProvider() as unknown as AppInstance;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  // First of the onRequest hooks: a request the access check refuses gets the headers too.
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  echoRequestId(app);
  registerRouteAccess(app, {
    authenticate: (token) => authenticate(app.deps, token),
    readClaims: (token) => readSessionClaims(app.deps, token),
  });
  await registerOpenApi(app, config);

  const metrics = createMetrics(buildInfo);
  metrics.observePool(() => database.poolStats());
  if (config.metrics.port || config.metrics.token) metrics.collectProcessMetrics();
  registerMetrics(app, metrics, config.metrics.token);

  const deps: AppDeps = {
    config,
    db: database.db,
    tokens: createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    mailer: createMailer(
      {
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: config.outboxDir,
        footer: [
          config.profile.name,
          config.profile.addressLines.join(', '),
          config.profile.phone,
          config.profile.email,
        ].filter((line): line is string => Boolean(line)),
      },
      app.log,
    ),
    media: createMediaStore(config),
    privacyNotice: await loadPrivacyNotice(config.dataDir, config.profile),
    legalPages: await loadLegalPages(config),
    payments: overrides?.payments ?? createPaymentProvider(config, database.db),
    ...overrides,
  };
  deps.mailer = countMailOutcomes(deps.mailer, metrics);
  app.decorate('deps', deps);

  app.decorate('readiness', createReadiness(app.log));
  app.readiness.register('database', () => pingDatabase(app.deps.db));
  app.readiness.register('media', () => app.deps.media.probe(), { required: false });
  metrics.observeDependencies(async () => (await app.readiness.check()).checks);

  // E-mail and scheduled work: queued in the database, run by this worker outside any request.
  app.decorate('jobs', createJobQueue({ db: database.db, log: app.log, metrics }));
  registerAccessCodeDelivery(app.jobs, deps);
  registerRefundMail(app.jobs, deps);
  registerAssessmentMails(app.jobs, deps);
  registerCareScans(app.jobs, deps);
  registerEvaluationMails(app.jobs, deps);
  registerCleanupJobs(app.jobs, deps);
  registerErasureMail(app.jobs, deps);
  app.readiness.register('jobs', () => app.jobs.check());
  app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', async () => app.jobs.stop());

  await app.register(healthRoutes);
  await app.register(calendarRoutes);
  await app.register(authRoutes);
  await app.register(reviewRoutes);
  await app.register(evaluationRoutes);
  await app.register(adminProfileRoutes);
  await app.register(auditRoutes, { admins: listAdmins, patientNames: patientNamesOf });
  await app.register(privacyRoutes);
  await app.register(legalRoutes);
  await app.register(paymentRoutes);
  await app.register(invoiceRoutes);
  await app.register(promoCodeRoutes);
  await app.register(questionnaireRoutes, {
    countsByQuestion: answerCountsByQuestion,
    countOfQuestion: countAnswersOfQuestion,
    chosenOptionIds,
  });
  await app.register(answerRoutes);
  await app.register(mediaRoutes);
  await app.register(surveyRoutes);
  await registerClientAssets(app, clientDir);
  return app;
}
