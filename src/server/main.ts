import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import { DatabaseInUseError } from './platform/db/data-dir-lock';
import { seedDefaultQuestionnaire } from './modules/questionnaire';
import { startMetricsServer } from './platform/http/metrics-routes';
import { installGracefulShutdown } from './platform/ops/graceful-shutdown';
import { makePrivate, restrictNewFiles } from './platform/private-files';

async function main(): Promise<void> {
  restrictNewFiles();
  const config = await loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  await seedDefaultQuestionnaire(database.db);
  const app = await buildApp({ config, database });
  const modes = await makePrivate(config.dataDir);
  // The first start repairs the database's template files; a path it cannot change is a problem.
  if (modes.failed > 0) app.log.warn(modes, 'parts of the data directory are not private');
  else if (modes.repaired > 0) app.log.info(modes, 'made the data directory private');
  const leftovers = await app.deps.media.cleanupIncoming();
  if (leftovers > 0)
    app.log.warn({ removed: leftovers }, 'removed partial uploads of an earlier run');

  const metricsServer = config.metrics.port
    ? await startMetricsServer(app.metrics, {
        port: config.metrics.port,
        host: config.metrics.host,
      })
    : null;
  installGracefulShutdown(app, {
    ...config.shutdown,
    async closeResources() {
      await new Promise((resolve) =>
        metricsServer ? metricsServer.server.close(resolve) : resolve(null),
      );
      await database.close();
    },
  });

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  // The address actually listened on (PORT=0 picks a free one), not PUBLIC_URL.
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  const listening = host.includes(':') ? `[${host}]` : host;
  app.log.info(
    {
      database: database.kind,
      payments: config.payments.provider,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      publicUrl: config.publicUrl,
      ...(metricsServer ? { metrics: metricsServer.address } : {}),
    },
    `CMD risk assessment ready on http://${listening}:${port}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
