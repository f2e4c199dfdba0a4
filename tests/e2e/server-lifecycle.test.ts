import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  freePort,
  removeDataDir,
  startServer,
  type ServerProcess,
} from '../helpers/server-process';

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  if (server) await removeDataDir(server.dataDir);
  server = undefined;
});

/** A sign-in whose body arrives in two parts, so the request is still running in between. */
function slowRequest(baseUrl: string): {
  request: ClientRequest;
  response: Promise<{ status: number; body: string }>;
  finish(): void;
} {
  const req = request(`${baseUrl}/api/verify-access-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write('{"code": "ABCD-');
  return { request: req, response, finish: () => req.end('EFGH-JKLM-NPQR"}') };
}

const get = (url: string) =>
  fetch(url, { headers: { connection: 'close' } }).then(
    async (r) => ({ status: r.status, body: await r.text() }),
    () => ({ status: 0, body: '' }),
  );

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe('graceful shutdown', () => {
  it('on SIGTERM turns unready at once, keeps serving through the drain, then lets a running request finish', async () => {
    server = await startServer({
      env: { SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_TIMEOUT_SECONDS: '30', LOG_LEVEL: 'info' },
    });
    const { baseUrl } = server;
    const inFlight = slowRequest(baseUrl);
    // The request has reached the server before the signal.
    await new Promise((r) => setTimeout(r, 200));

    server.process.kill('SIGTERM');
    await until(async () => (await get(`${baseUrl}/api/health/ready`)).status === 503, 1_000);
    const ready = await get(`${baseUrl}/api/health/ready`);
    expect(JSON.parse(ready.body)).toMatchObject({ ok: false, draining: true });
    // Still alive, and still serving other requests while the load balancer takes it out.
    expect((await get(`${baseUrl}/api/health/live`)).status).toBe(200);
    expect((await get(`${baseUrl}/api/survey/questions`)).status).toBe(401);

    // After the drain delay it stops accepting connections...
    const closedAfter = await until(
      async () => (await get(`${baseUrl}/api/health/live`)).status === 0,
      10_000,
    );
    expect(closedAfter).toBeGreaterThan(1_000);
    // ...but the request that was running gets its answer, and the process exits cleanly.
    expect(server.process.exitCode).toBeNull();
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).message).toBeTruthy();
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shut down');
  });

  it('exits after the shutdown timeout when a request never finishes', async () => {
    server = await startServer({
      env: { SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '1', LOG_LEVEL: 'info' },
    });
    const stuck = slowRequest(server.baseUrl);
    stuck.response.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.output()).toContain('shutdown timed out');
    stuck.request.destroy();
  });
});

describe('start-up and metrics port', () => {
  it('prints the address it listens on and serves metrics on METRICS_PORT only', async () => {
    const metricsPort = await freePort();
    server = await startServer({
      env: {
        LOG_LEVEL: 'info',
        METRICS_PORT: String(metricsPort),
        PUBLIC_URL: 'https://assessment.example.org',
      },
    });
    const port = new URL(server.baseUrl).port;
    expect(server.output()).toContain(`ready on http://127.0.0.1:${port}`);

    await get(`${server.baseUrl}/api/health/live`);
    const scrape = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status_code="200"\} [1-9]/,
    );
    expect(scrape.body).toContain('process_resident_memory_bytes');
    // Not on the public port: no token is configured.
    const publicScrape = await get(`${server.baseUrl}/metrics`);
    expect(publicScrape.status).toBe(404);
    expect(publicScrape.body).not.toContain('http_request_duration_seconds');
  });
});
