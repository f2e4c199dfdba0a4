import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../../src/server/platform/db/client';
import type { MediaStore } from '../../src/server/modules/media/media-store';
import { seedAdmin, signInAsAdmin, type AdminLogin } from './admin-browser';
import { launchBrowser, newContext, SCREENSHOT_DIR } from './browser';
import { copyPgliteTemplate } from './pglite-template';
import {
  mediaStoreOf,
  newDataDir,
  removeDataDir,
  startServer,
  withDataDirDatabase,
  type ServerProcess,
} from './server-process';

/**
 * The set-up of the browser tests in one place: a private data directory, its embedded database
 * seeded with the default questionnaire (and what a test adds), the real server process on it,
 * and Chromium. `useE2e` opens them for a test file and closes them after it; contexts and
 * servers a test opens itself are closed after that test.
 */

export interface SeedContext {
  db: Db;
  dataDir: string;
  /** The data directory's media store, with the key the server will use. */
  media(): Promise<MediaStore>;
}

export interface ServerOptions<S> {
  /** An administrator with an enrolled authenticator, signed in by `adminPage`. */
  admin?: boolean;
  /** Runs before the database is opened: for commands that open it themselves. */
  prepare?: (dataDir: string) => Promise<void>;
  /** Fills the database before the server starts; what it returns is `seeded`. */
  seed?: (context: SeedContext) => Promise<S>;
  /** Server environment; a function when it depends on something started earlier. */
  env?: Record<string, string> | (() => Record<string, string>);
}

export interface SeededServer<S> {
  dataDir: string;
  server: ServerProcess;
  admin: AdminLogin | undefined;
  seeded: S;
  /** Stops the server and removes the data directory, each even when the other fails. */
  close(): Promise<void>;
}

export interface ContextOptions {
  locale?: string;
  viewport?: { width: number; height: number };
  /** Defaults to the file's server. */
  baseURL?: string;
  /** Playwright's default timeout for every action in the context. */
  timeout?: number;
  /** The browser's time zone (the machine's unless told). */
  timezoneId?: string;
}

/** Runs every step even when an earlier one failed, then throws what failed. */
async function runAll(steps: (() => Promise<unknown> | undefined)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'Closing the e2e set-up failed');
}

/** A fresh data directory, seeded, with the real server running on it. */
export async function startSeededServer<S = undefined>(
  options: ServerOptions<S> = {},
): Promise<SeededServer<S>> {
  const dataDir = await newDataDir();
  let server: ServerProcess | undefined;
  const close = () => runAll([() => server?.stop(), () => removeDataDir(dataDir)]);
  try {
    await copyPgliteTemplate(dataDir);
    await options.prepare?.(dataDir);
    const { admin, seeded } = await withDataDirDatabase(dataDir, async (db) => ({
      admin: options.admin ? await seedAdmin(db) : undefined,
      seeded: (await options.seed?.({ db, dataDir, media: () => mediaStoreOf(dataDir) })) as S,
    }));
    const env = typeof options.env === 'function' ? options.env() : options.env;
    server = await startServer({ dataDir, env });
    return { dataDir, server, admin, seeded, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

export interface E2eOptions<S> extends ServerOptions<S> {
  /** `false`: the file starts no server of its own; its tests start theirs with `startServer`. */
  server?: boolean;
}

export interface E2e<S> {
  readonly browser: Browser;
  readonly server: ServerProcess;
  readonly dataDir: string;
  readonly admin: AdminLogin;
  readonly seeded: S;
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  newPage(options?: ContextOptions): Promise<Page>;
  /** A page signed in as the administrator, through the access-code dialog and the authenticator. */
  adminPage(options?: ContextOptions): Promise<Page>;
  /** Another seeded server with its own data directory, e.g. one per test. */
  startServer<T = undefined>(options?: ServerOptions<T>): Promise<SeededServer<T>>;
  /** Stops the file's server and opens its database (PGlite is one process at a time). */
  stopAndReadDatabase<T>(fn: (db: Db) => Promise<T>): Promise<T>;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The e2e set-up has no ${what}`);
  return value;
}

/** Registers the set-up and teardown of a browser test file and returns its handles. */
/** Every open page of the contexts, saved under test-results/failures/<test>-<n>.png. */
async function screenshotPages(contexts: BrowserContext[], testName: string): Promise<void> {
  const dir = join(SCREENSHOT_DIR, '..', 'failures');
  await mkdir(dir, { recursive: true });
  const name = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const pages = contexts.flatMap((context) => context.pages());
  await Promise.all(
    pages.map((page, index) =>
      page
        .screenshot({ path: join(dir, `${name}-${index + 1}.png`), fullPage: true })
        .catch(() => undefined),
    ),
  );
}

export function useE2e<S = undefined>(options: E2eOptions<S> = {}): E2e<S> {
  let browser: Browser | undefined;
  let main: SeededServer<S> | undefined;
  const forFile = { contexts: [] as BrowserContext[], servers: [] as SeededServer<unknown>[] };
  let forTest: typeof forFile | undefined;
  const scope = () => forTest ?? forFile;
  const close = (opened: typeof forFile) =>
    runAll([
      ...opened.contexts.splice(0).map((context) => () => context.close()),
      ...opened.servers
        .splice(0)
        .reverse()
        .map((server) => () => server.close()),
    ]);

  const e2e: E2e<S> = {
    get browser() {
      return required(browser, 'browser');
    },
    get server() {
      return required(main, 'server (server: false)').server;
    },
    get dataDir() {
      return required(main, 'server (server: false)').dataDir;
    },
    get admin() {
      return required(main?.admin, 'admin (admin: true)');
    },
    get seeded() {
      return required(main, 'server (server: false)').seeded;
    },
    async newContext(contextOptions = {}) {
      const { timeout, ...rest } = contextOptions;
      const context = await newContext(e2e.browser, {
        ...rest,
        baseURL: rest.baseURL ?? e2e.server.baseUrl,
      });
      scope().contexts.push(context);
      if (timeout !== undefined) context.setDefaultTimeout(timeout);
      return context;
    },
    async newPage(contextOptions) {
      return (await e2e.newContext(contextOptions)).newPage();
    },
    async adminPage(contextOptions) {
      const page = await e2e.newPage(contextOptions);
      await signInAsAdmin(page, e2e.admin);
      return page;
    },
    async startServer(serverOptions) {
      const started = await startSeededServer(serverOptions);
      scope().servers.push(started);
      return started;
    },
    async stopAndReadDatabase(fn) {
      await e2e.server.stop();
      return withDataDirDatabase(e2e.dataDir, fn);
    },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    if (options.server !== false) {
      main = await startSeededServer(options);
    }
  });
  beforeEach(() => {
    forTest = { contexts: [], servers: [] };
  });
  afterEach(async ({ task }) => {
    const opened = forTest;
    forTest = undefined;
    if (!opened) return;
    // A failed test leaves what its pages showed, for the one reading CI's output.
    if (task.result?.state === 'fail') await screenshotPages(opened.contexts, task.name);
    await close(opened);
  });
  afterAll(() => runAll([() => close(forFile), () => browser?.close(), () => main?.close()]));
  return e2e;
}
