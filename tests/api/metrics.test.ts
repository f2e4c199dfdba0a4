import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/server-process';
import { insertPromoCode, patientDetails } from '../helpers/payments';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

const TOKEN = randomBytes(32).toString('hex');
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // A mail server that refuses connections: nothing listens on this port.
  const closedPort = await freePort();
  t = await createTestApp({ METRICS_TOKEN: TOKEN, SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
  admin = await t.createAdmin();
});
afterAll(() => t.close());

const scrape = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe('Prometheus metrics', () => {
  it('are not public: 401 without the token or with a wrong one, 404 when no token is set', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN.slice(1)}x`)).statusCode).toBe(401);

    const closed = await createTestApp();
    try {
      const reply = await closed.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).not.toContain('<div id="root">');
    } finally {
      await closed.close();
    }
  });

  it('count requests and their latency per route pattern, never the raw URL', async () => {
    for (const id of [424242, 535353]) {
      const reply = await t.app.inject({
        method: 'GET',
        url: `/api/admin/assessments/${id}/report.pdf?from=someone@example.org`,
        headers: admin.headers,
      });
      expect(reply.statusCode).toBe(404);
    }
    await t.app.inject({ method: 'GET', url: '/api/health/ready' });

    const reply = await scrape(`Bearer ${TOKEN}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    const text = reply.body;
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/admin/assessments/:id/report.pdf",status_code="404"} 2',
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/health\/ready",status_code="200"\} 1/,
    );
    expect(text).not.toContain('424242');
    expect(text).not.toContain('example.org');
    // Process metrics are collected once metrics are exposed.
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('count e-mails that could not be sent, by template', async () => {
    await insertPromoCode(t.database.db, { code: 'METRICSMAIL', amountCents: 9900 });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      payload: { couponCode: 'METRICSMAIL', ...patientDetails('metrics') },
    });
    // The checkout succeeds; the job worker's attempt to send fails and is counted.
    expect(checkout.statusCode).toBe(200);
    await t.app.jobs.runDue();

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('mail_send_failures_total{template="access-code-en"} 1');
    expect(text).toContain('job_failures_total{queue="access-code-mail",outcome="retry"} 1');
    expect(text).toContain('job_queue_depth{queue="access-code-mail"} 1');
  });

  it('report the PostgreSQL pool and the job queue', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('# TYPE job_queue_depth gauge');
    expect(text).toContain('# TYPE job_failures_total counter');
    expect(text).toMatch(/job_queue_depth\{queue="retention"\} 1/);
    if (t.database.kind === 'postgres') {
      expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
      expect(text).toMatch(/db_pool_max_connections \d+/);
    } else {
      expect(text).not.toMatch(/db_pool_connections\{/);
    }
  });
});
