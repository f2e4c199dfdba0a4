import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/server/modules/accounts/totp';
import { freePort, newDataDir, removeDataDir } from '../helpers/server-process';

const run = promisify(execFile);
let dataDir: string;

beforeAll(async () => {
  dataDir = await newDataDir();
});
afterAll(() => removeDataDir(dataDir));

/** `npm start` exactly as the README says, with nothing but a port and a data folder set. */
async function npmStart(port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'JWT_SECRET', 'STRIPE_SECRET_KEY', 'SMTP_URL']) {
    delete env[name];
  }
  const started = Date.now();
  const child = spawn('npm', ['start'], { env, stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}/`;
  for (;;) {
    const html = await fetch(url)
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    // The built page: `/` is the paywall prerendered into the app's root element.
    if (html.includes('<div id="root"')) break;
    if (Date.now() - started > 60_000) throw new Error('npm start did not serve / within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    seconds: (Date.now() - started) / 1000,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      // npm exits at once; the server drains and shuts down on its own, and must be gone (port
      // and data folder free) before the next start.
      for (;;) {
        try {
          process.kill(-child.pid!, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

describe('npm start', () => {
  it('serves the paywall within 60 s with no variables, and keeps data across a restart', async () => {
    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'admin:create', '--', '--email', 'owner@practice.example'],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    const code = stdout.trim().split('\n').at(-1)!;
    const secret = /secret=([A-Z2-7]+)/.exec(stdout)![1]!;
    // Each sign-in needs a fresh authenticator code; the next time step counts as fresh.
    let offset = 0;

    const port = await freePort();
    const first = await npmStart(port);
    expect(first.seconds).toBeLessThan(60);
    const signIn = () =>
      fetch(`http://127.0.0.1:${port}/api/verify-access-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, totp: totpCode(secret, Date.now() + 30_000 * offset++) }),
      }).then((r) => r.json() as Promise<{ token: string; user: { language: string } }>);
    const { token } = await signIn();
    const saved = await fetch(`http://127.0.0.1:${port}/api/user/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: 'de' }),
    });
    expect(saved.status).toBe(200);
    await first.stop();

    const second = await npmStart(port);
    try {
      expect((await signIn()).user.language).toBe('de');
    } finally {
      await second.stop();
    }
  });
});
