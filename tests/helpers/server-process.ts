import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type Db } from '../../src/server/platform/db/client';
import { createLocalMediaStore, type MediaStore } from '../../src/server/modules/media/media-store';
import { mediaKeyring } from '../../src/server/modules/media/media-keys';
import { seedDefaultQuestionnaire } from '../../src/server/modules/questionnaire/seed/seed';

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  outboxDir: string;
  /** Mails written to the outbox so far, oldest first. */
  outbox(): Promise<string[]>;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<void>;
  process: ChildProcess;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Prepares the embedded database of a data directory before the server opens it (PGlite is one
 * process at a time), e.g. to create an admin as `npm run admin:create` would.
 */
export async function withDataDirDatabase<T>(
  dataDir: string,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await seedDefaultQuestionnaire(database.db);
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'cmd-e2e-'));
}

/** Starts the real server (from source, serving the built client) on a free loopback port. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_SECONDS: '0',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const outboxDir = join(dataDir, 'outbox');
  return {
    baseUrl,
    dataDir,
    outboxDir,
    process: child,
    exited,
    output: () => output,
    async outbox() {
      const files = await readdir(outboxDir).catch(() => [] as string[]);
      return Promise.all(files.sort().map((file) => readFile(join(outboxDir, file), 'utf8')));
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

/** The media key the server will use for this data directory (created now if missing). */
export async function mediaKeyOf(dataDir: string): Promise<Buffer> {
  const config = await loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return config.mediaKey;
}

/** The media store of a data directory, opened with the key the server will use. */
export async function mediaStoreOf(dataDir: string): Promise<MediaStore> {
  return createLocalMediaStore(join(dataDir, 'media'), mediaKeyring(await mediaKeyOf(dataDir)));
}

/**
 * Creates an administrator with the real command an operator runs (`admin:create`), before a
 * server holds the embedded database: the access code it prints alone on its last line, and
 * the authenticator secret it enrolls.
 */
export async function runAdminCreate(
  dataDir: string,
  email: string,
): Promise<{ code: string; totpSecret: string }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/admin-create.ts', '--email', email],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' } },
  );
  return {
    code: stdout.trim().split('\n').at(-1)!,
    totpSecret: /secret=([A-Z2-7]+)/.exec(stdout)![1]!,
  };
}
