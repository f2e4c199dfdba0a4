import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_PROFILE_ENV } from '../helpers/practice-profile';
import { freePort } from '../helpers/server-process';

const run = promisify(execFile);
/** The Node the release runs on: this one (CI runs the suite on Node 24), or RELEASE_NODE. */
const NODE = process.env.RELEASE_NODE ?? process.execPath;
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

let unpacked: string;
let archive: string;
beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  const { stdout } = await run(process.execPath, ['scripts/release.mjs'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  archive = /(release\/\S+\.tar\.gz)/.exec(stdout)![1]!;
  // Under the system's temporary folder: no node_modules in any folder above it.
  unpacked = await mkdtemp(join(tmpdir(), 'cmd-release-'));
  await run('tar', ['-xzf', archive, '-C', unpacked]);
}, 300_000);
afterAll(() => unpacked && rm(unpacked, { recursive: true, force: true }));

function sizeOf(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

// The release runs on its embedded database; the suite's PostgreSQL run has nothing to add to it.
describe.skipIf(process.env.TEST_DATABASE_URL)('the release archive', () => {
  it('is what runs: the build, the migrations and only the packages the bundle loads', () => {
    for (let dir = dirname(unpacked); dir !== parse(dir).root; dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
    }
    expect(existsSync(join(parse(unpacked).root, 'node_modules'))).toBe(false);
    for (const file of ['dist/server/main.js', 'dist/client/index.html', 'drizzle/meta']) {
      expect(existsSync(join(unpacked, file)), file).toBe(true);
    }
    for (const devOnly of ['react', '@mui/material', 'vite', 'fastify', 'zod', 'typescript']) {
      expect(existsSync(join(unpacked, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    expect(sizeOf(unpacked)).toBeLessThanOrEqual(150 * 1000 * 1000);
  });

  it('starts with `node dist/server/main.js` on the embedded database and names its build', async () => {
    const { stdout: head } = await run('git', ['rev-parse', 'HEAD']);
    const port = await freePort();
    const child = spawn(NODE, ['dist/server/main.js'], {
      cwd: unpacked,
      // Nothing of this machine's environment: no NODE_PATH, no npm, no registry.
      env: {
        PATH: dirname(NODE),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(unpacked, 'data'),
        JWT_SECRET: randomBytes(32).toString('base64url'),
        MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        PAYMENTS: 'demo',
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_FROM: 'Praxis <praxis@example.org>',
        SHUTDOWN_DRAIN_SECONDS: '0',
        ...PRACTICE_PROFILE_ENV,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      let health: { ok: boolean; build: { version: string; commit: string } } | null = null;
      for (const deadline = Date.now() + 120_000; !health;) {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        if (Date.now() > deadline) throw new Error(`not ready:\n${output}`);
        health = await fetch(`${base}/api/health`)
          .then((reply) => (reply.ok ? reply.json() : null))
          .catch(() => null);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(health.build).toEqual({ version, commit: head.trim() });
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
      const docs = await fetch(`${base}/docs/api/`);
      expect(docs.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 180_000);
});
