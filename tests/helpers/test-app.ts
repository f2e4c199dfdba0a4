import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, loggerOptions } from '../../src/server/app';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import type { AssessmentDetails } from '../../src/server/modules/assessments/create-assessment';
import { sessionForAssessment } from '../../src/server/modules/access/session';
import { loadConfig, type Config } from '../../src/server/platform/config';
import type { Database } from '../../src/server/platform/db/client';
import { assessments, users } from '../../src/server/schema';
import { seedDefaultQuestionnaire } from '../../src/server/modules/questionnaire/seed/seed';
import type { AppDeps, AppInstance } from '../../src/server/platform/http/app-instance';
import { openTestDatabase } from './database';

export interface TestApp {
  app: AppInstance;
  database: Database;
  config: Config;
  /** A signed-in patient with a fresh access code. */
  /** `details` are the patient's as entered at the checkout of this assessment. */
  createPatient(details?: AssessmentDetails): Promise<TestUser>;
  createAdmin(): Promise<TestUser>;
  /** The mails written to the outbox folder, after the job worker has sent every due one. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestUser {
  id: number;
  email: string;
  code: string;
  assessmentId: number;
  token: string;
  headers: { authorization: string };
}

let counter = 0;

export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppDeps> = {},
  /** Where the server's log goes, configured as in production; no log without it. */
  logStream?: Writable,
  /** A database opened by the test (one an earlier release left); a fresh one otherwise. */
  existing?: Database,
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cmd-test-'));
  const config = await loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: logStream ? 'info' : 'silent',
    ...env,
  });
  const database = existing ?? (await openTestDatabase());
  await seedDefaultQuestionnaire(database.db);
  const logger = logStream ? { ...loggerOptions(config), stream: logStream } : false;
  const app = await buildApp({ config, database, logger, overrides });
  await app.ready();

  const createUser = async (isAdmin: boolean, extra: AssessmentDetails = {}): Promise<TestUser> => {
    counter += 1;
    const email = `${isAdmin ? 'admin' : 'patient'}-${counter}-${randomBytes(3).toString('hex')}@example.org`;
    const [user] = await database.db.insert(users).values({ email, isAdmin }).returning();
    const { id: assessmentId, code } = await createAssessmentWithCode(database.db, user!.id, {
      email,
      firstName: 'Test',
      lastName: `User ${counter}`,
      ...extra,
    });
    // An admin session as a sign-in with the second factor gives it.
    const session = await sessionForAssessment(
      database.db,
      app.deps.tokens,
      assessmentId,
      isAdmin ? ['code', 'otp'] : ['code'],
    );
    return {
      id: user!.id,
      email: user!.email,
      code,
      assessmentId,
      token: session!.token,
      headers: { authorization: `Bearer ${session!.token}` },
    };
  };

  return {
    app,
    database,
    config,
    createPatient: (extra) => createUser(false, extra),
    createAdmin: () => createUser(true),
    async outbox() {
      await app.jobs.runDue();
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

/**
 * The app of a test file: built before its tests (as `createTestApp` builds it), closed after
 * them. The set-up fills the returned object in, so read it inside tests and hooks.
 */
export function useTestApp(
  /** A function when the settings depend on something started earlier (a fake Stripe). */
  env: Record<string, string> | (() => Record<string, string>) = {},
  overrides: Partial<AppDeps> = {},
  logStream?: Writable,
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    const settings = typeof env === 'function' ? env() : env;
    Object.assign(t, await createTestApp(settings, overrides, logStream));
  });
  afterAll(async () => {
    if ('close' in t) await t.close();
  });
  return t;
}

/** An administrator of the file's app, signed in with both factors before the tests. */
export function useAdmin(t: TestApp): TestUser {
  const admin = {} as TestUser;
  beforeAll(async () => {
    Object.assign(admin, await t.createAdmin());
  });
  return admin;
}

export async function userById(database: Database, id: number) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function assessmentById(database: Database, id: number) {
  const [row] = await database.db.select().from(assessments).where(eq(assessments.id, id));
  return row;
}
