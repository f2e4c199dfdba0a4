import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseInUseError } from './db/data-dir-lock';
import { seedDefaultQuestionnaire } from './db/seed/seed';
import { makePrivate, restrictNewFiles } from './private-files';

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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind,
      payments: config.payments.provider,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
    },
    `CMD risk assessment ready on ${config.publicUrl}`,
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
