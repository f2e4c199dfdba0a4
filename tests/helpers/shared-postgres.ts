import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedDefaultQuestionnaire } from '../../src/server/db/seed/seed';
import type { AppInstance } from '../../src/server/http/app-instance';

export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Several app instances, each with its own connection pool, on one fresh PostgreSQL database:
 * what a deployment behind a load balancer looks like.
 */
export async function startInstances(count: number, env: Record<string, string> = {}) {
  const name = `cmd_multi_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const secret = randomBytes(32).toString('base64');
  const databases: Database[] = [];
  const apps: AppInstance[] = [];
  for (let i = 0; i < count; i++) {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
    await seedDefaultQuestionnaire(database.db);
    const config = await loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: `/tmp/${name}`,
      JWT_SECRET: secret,
      ...env,
    });
    databases.push(database);
    apps.push(await buildApp({ config, database, logger: false }));
  }
  return {
    apps,
    db: databases[0]!.db,
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
