import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { seedDefaultQuestionnaire } from '../../src/server/modules/questionnaire/seed/seed';
import type { AppInstance } from '../../src/server/platform/http/app-instance';

export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** One statement on the server itself (creating or dropping databases), on its own connection. */
export async function adminQuery(text: string, serverUrl = POSTGRES_URL): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresAnswers(serverUrl = POSTGRES_URL): Promise<boolean> {
  return adminQuery('SELECT 1', serverUrl).then(
    () => true,
    () => false,
  );
}

/** A new, empty database on the server; `drop` removes it again, connections and all. */
export async function createThrowawayDatabase(
  prefix: string,
  serverUrl = POSTGRES_URL,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`, serverUrl);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, serverUrl),
  };
}

/**
 * Several app instances, each with its own connection pool and its own DATA_DIR, on one fresh
 * PostgreSQL database: what a deployment behind a load balancer looks like. They share what
 * every instance of a deployment is given alike (the JWT secret, the media key, the settings in
 * `env`), and nothing on disk.
 */
export async function startInstances(count: number, env: Record<string, string> = {}) {
  const throwaway = await createThrowawayDatabase('cmd_multi');
  const secret = randomBytes(32).toString('base64');
  const mediaKey = randomBytes(32).toString('base64');
  const databases: Database[] = [];
  const apps: AppInstance[] = [];
  const dataDirs: string[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), `cmd-multi-${i}-`));
    dataDirs.push(dataDir);
    const database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 10 });
    await seedDefaultQuestionnaire(database.db);
    const config = await loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      MEDIA_ENCRYPTION_KEY: mediaKey,
      ...env,
    });
    databases.push(database);
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    dataDirs,
    db: databases[0]!.db,
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await throwaway.drop();
      for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
