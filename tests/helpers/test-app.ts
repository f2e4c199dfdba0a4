import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { buildApp, loggerOptions } from '../../src/server/app';
import { createAccessCode } from '../../src/server/auth/access-codes';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { seedDefaultQuestionnaire } from '../../src/server/db/seed/seed';
import type { AppDeps, AppInstance } from '../../src/server/http/app-instance';
import { openTestDatabase } from './database';

export interface TestApp {
  app: AppInstance;
  database: Database;
  config: Config;
  /** A signed-in patient with a fresh access code. */
  createPatient(overrides?: Partial<typeof users.$inferInsert>): Promise<TestUser>;
  createAdmin(): Promise<TestUser>;
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestUser {
  id: number;
  email: string;
  code: string;
  accessCodeId: number;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppDeps> = {},
  /** Where the server's log goes, configured as in production; no log without it. */
  logStream?: Writable,
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cmd-test-'));
  const config = await loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: logStream ? 'info' : 'silent',
    ...env,
  });
  const database = await openTestDatabase();
  await seedDefaultQuestionnaire(database.db);
  const logger = logStream ? { ...loggerOptions(config), stream: logStream } : false;
  const app = await buildApp({ config, database, logger, overrides });
  await app.ready();

  const createUser = async (
    isAdmin: boolean,
    extra: Partial<typeof users.$inferInsert> = {},
  ): Promise<TestUser> => {
    counter += 1;
    const email = `${isAdmin ? 'admin' : 'patient'}-${counter}-${randomBytes(3).toString('hex')}@example.org`;
    const [user] = await database.db
      .insert(users)
      .values({ email, firstName: 'Test', lastName: `User ${counter}`, isAdmin, ...extra })
      .returning();
    const { id: accessCodeId, code } = await createAccessCode(database.db, user!.id);
    const token = await app.deps.tokens.sign({
      userId: user!.id,
      email: user!.email,
      language: user!.language,
      isAdmin,
      tokenVersion: user!.tokenVersion,
      accessCodeId,
    });
    return {
      id: user!.id,
      email: user!.email,
      code,
      accessCodeId,
      token,
      headers: { authorization: `Bearer ${token}` },
    };
  };

  return {
    app,
    database,
    config,
    createPatient: (extra) => createUser(false, extra),
    createAdmin: () => createUser(true),
    async outbox() {
      const files = await readdir(config.outboxDir).catch(() => [] as string[]);
      return Promise.all(
        files.sort().map((file) => readFile(join(config.outboxDir, file), 'utf8')),
      );
    },
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function userById(database: Database, id: number) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row;
}
