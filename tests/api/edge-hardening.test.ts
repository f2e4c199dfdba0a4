import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'https://praxis.example',
    HEADERS_TIMEOUT_SECONDS: '1',
    IDLE_TIMEOUT_SECONDS: '2',
    REQUEST_TIMEOUT_SECONDS: '20',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

const SECURITY_HEADERS = {
  'content-security-policy': /default-src 'self'.*frame-ancestors 'none'/,
  'strict-transport-security': /^max-age=31536000/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^SAMEORIGIN$/,
  'referrer-policy': /^no-referrer$/,
};

describe('security headers on every reply', () => {
  it('are on the refusals of the access check, on unknown paths and on bad input', async () => {
    const patient = await t.createPatient();
    const replies = {
      '401 without a token': await t.app.inject({ method: 'GET', url: '/api/survey/questions' }),
      '401 with a forged token': await t.app.inject({
        method: 'GET',
        url: '/api/survey/questions',
        headers: { authorization: 'Bearer not.a.token' },
      }),
      '403 for a patient on an admin route': await t.app.inject({
        method: 'GET',
        url: '/api/admin/review-queue',
        headers: patient.headers,
      }),
      '404 of the API': await t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      '400 bad JSON': await t.app.inject({
        method: 'POST',
        url: '/api/verify-access-code',
        headers: { 'content-type': 'application/json' },
        payload: '{"code":',
      }),
    };
    const statuses = Object.fromEntries(Object.entries(replies).map(([k, r]) => [k, r.statusCode]));
    expect(statuses).toEqual({
      '401 without a token': 401,
      '401 with a forged token': 401,
      '403 for a patient on an admin route': 403,
      '404 of the API': 404,
      '400 bad JSON': 400,
    });
    for (const [what, reply] of Object.entries(replies)) {
      for (const [name, pattern] of Object.entries(SECURITY_HEADERS)) {
        expect(String(reply.headers[name]), `${name} on ${what}`).toMatch(pattern);
      }
    }
  });
});

/** A raw connection that sends `head` (and maybe part of a body), then nothing more. */
function stall(text: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      resolve(socket);
    });
    // Read what the server says (a 408), or the socket never sees its end.
    socket.on('data', () => {});
    socket.on('error', () => {}); // a reset by the server is what some of these expect
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) =>
  socket.closed ? Promise.resolve() : new Promise<void>((r) => socket.once('close', () => r()));

describe('stalled clients are cut off', () => {
  it('closes 50 connections that stop in the middle of the head or the body', async () => {
    const started = Date.now();
    const sockets = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        stall(
          i % 2 === 0
            ? // Slowloris: a head that never ends.
              `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler-${i}: `
            : // A body announced and never sent: the stalled upload.
              'POST /api/verify-access-code HTTP/1.1\r\nHost: x\r\n' +
                'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"code":"',
        ),
      ),
    );
    await Promise.race([
      Promise.all(sockets.map(closed)),
      new Promise((r) => setTimeout(r, 15_000)),
    ]);
    const open = sockets.filter((s) => !s.closed).length;
    for (const socket of sockets) socket.destroy();
    expect(open).toBe(0);
    // Cut by the configured limits (1 s for the head, 2 s of silence), not by the test's wait.
    expect(Date.now() - started).toBeLessThan(10_000);
    // The server still serves everyone else.
    const health = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(health.status).toBe(200);
  });

  it('lets a slow but steady body through: only silence is cut', async () => {
    const body = JSON.stringify({ code: `SLOW-${randomBytes(2).toString('hex')}-AAAA-BBBB` });
    const socket = await stall(
      'POST /api/verify-access-code HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let answer = '';
    socket.prependListener('data', (chunk: Buffer) => (answer += chunk.toString()));
    // Longer in all than the idle limit, with no pause as long as it.
    const parts = body.match(/.{1,8}/g)!;
    for (const part of parts) {
      await new Promise((r) => setTimeout(r, 4000 / parts.length));
      socket.write(part);
    }
    await closed(socket);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('TRUST_PROXY in production', () => {
  it('refuses to start with TRUST_PROXY=true, which lets a client forge its address', async () => {
    await expect(
      createTestApp({
        NODE_ENV: 'production',
        PAYMENTS: 'demo',
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_FROM: 'Praxis <praxis@example.org>',
        MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        TRUST_PROXY: 'true',
      }),
    ).rejects.toThrow(/TRUST_PROXY: true is refused in production/);
  });
});
