// Starts the built server the way production runs it, on the Node that runs this script: the
// built tree copied to a fresh folder, production dependencies only (npm ci --omit=dev), then
// `node dist/server/main.js`. Checks readiness, the app page, a missing asset, the command-line tools
// and a clean stop. Run `npm run build` first. CI runs it on every Node it supports.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const started = Date.now();
const fail = (message) => {
  throw new Error(`production smoke test: ${message}`);
};

for (const file of ['dist/server/main.js', 'dist/client/index.html']) {
  if (!existsSync(file)) fail(`${file} is missing: run npm run build first`);
}

const root = await mkdtemp(join(tmpdir(), 'cmd-production-'));
// npm and the server run on this script's Node.
const env = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}`,
  NODE_ENV: 'production',
  PAYMENTS: 'demo',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  DATA_DIR: join(root, 'data'),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  SHUTDOWN_DRAIN_SECONDS: '0',
  // Production refuses to start without a mail server; this run sends no mail.
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'Praxis <praxis@example.org>',
  // ...and without the practice profile the imprint and invoices need.
  PRACTICE_NAME: 'Zahnarztpraxis Dr. Eva Muster',
  PRACTICE_ADDRESS: 'Friedrichstraße 12|10117 Berlin',
  PRACTICE_EMAIL: 'praxis@example.org',
  PRACTICE_PHONE: '+49 30 1234567',
  PRACTICE_TAX_NUMBER: '27/123/45678',
  PRACTICE_VAT: 'exempt',
};
for (const name of ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'METRICS_PORT']) delete env[name];

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

try {
  const app = join(root, 'app');
  for (const path of ['package.json', 'package-lock.json', 'dist', 'drizzle', 'scripts']) {
    await cp(path, join(app, path), { recursive: true });
  }
  await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: app, env });
  for (const devOnly of ['vite', 'tsx', 'esbuild', 'pino-pretty', 'vitest']) {
    if (existsSync(join(app, 'node_modules', devOnly))) fail(`${devOnly} was installed`);
  }

  // The command-line tools run from the build, without tsx.
  const admin = await run(
    'npm',
    ['run', '--silent', 'admin:create', '--', '--email', 'ops@example.org'],
    {
      cwd: app,
      env,
    },
  );
  if (!/Created admin ops@example\.org/.test(admin.stdout))
    fail(`admin:create said ${admin.stdout}`);

  const port = await freePort();
  // What a process manager runs (systemd, a container): npm would not pass SIGTERM on.
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: app,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    let ready = null;
    while (!ready) {
      if (child.exitCode !== null) fail(`the server exited:\n${output}`);
      if (Date.now() > deadline) fail(`not ready within 60 s:\n${output}`);
      ready = await fetch(`${base}/api/health/ready`)
        .then((r) => (r.ok ? r.json() : null))
        .catch(() => null);
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    if (!ready.checks.database.ok || !ready.checks.media.ok || !ready.checks.jobs?.ok)
      fail(JSON.stringify(ready));
    if (!output.includes(`ready on http://127.0.0.1:${port}`)) fail(`start line:\n${output}`);
    // Production logs are JSON lines (pino-pretty is a development dependency).
    if (!output.split('\n').some((line) => line.startsWith('{"level":30'))) fail(output);
    // `/` is the paywall prerendered at build time, in the browser's language.
    const page = await fetch(`${base}/`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    if (
      page.status !== 200 ||
      !(await page.text()).includes('<div id="root" data-prerendered="de"')
    )
      fail('no prerendered paywall');
    const asset = await fetch(`${base}/assets/missing-chunk.js`);
    if (asset.status !== 404) fail(`a missing asset answered ${asset.status}`);
    const docs = await fetch(`${base}/api/openapi.json`);
    if (docs.status !== 401) fail(`the API description answered ${docs.status} without a token`);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) fail(`the server exited with ${code} on SIGTERM:\n${output}`);

  const backup = await run(
    'npm',
    ['run', '--silent', 'backup', '--', '--out', join(root, 'b.tgz')],
    {
      cwd: app,
      env,
    },
  );
  if (!backup.stdout.includes('Backed up the database')) fail(`backup said ${backup.stdout}`);

  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`production start on Node ${process.version}: ok (${seconds} s)`);
} finally {
  await rm(root, { recursive: true, force: true });
}
