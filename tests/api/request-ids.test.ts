import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PROXY = '192.0.2.1';
const METRICS_TOKEN = randomBytes(32).toString('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };

const logLines: { reqId?: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      logLines.push(JSON.parse(line));
    done();
  },
});

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  [first, second] = await Promise.all([
    createTestApp({ TRUST_PROXY: PROXY, METRICS_TOKEN }, {}, logStream),
    createTestApp({ TRUST_PROXY: PROXY }),
  ]);
});
afterAll(() => Promise.all([first.close(), second.close()]));

const health = (t: TestApp, from: string, requestId?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/health',
    remoteAddress: from,
    headers: requestId ? { 'x-request-id': requestId } : {},
  });

describe('request ids', () => {
  it('are random UUIDs that no other instance or restart repeats', async () => {
    const ids = [];
    for (const t of [first, second, first, second]) {
      const reply = await health(t, '198.51.100.7');
      ids.push(reply.headers['x-request-id']);
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the trusted proxy's X-Request-Id, in the reply and in the log", async () => {
    const fromProxy = 'f1e2d3c4b5a6978812345678abcdef01'; // nginx's $request_id
    const reply = await health(first, PROXY, fromProxy);
    expect(reply.headers['x-request-id']).toBe(fromProxy);
    expect(logLines.some((line) => line.reqId === fromProxy)).toBe(true);
  });

  it("ignores a client's own X-Request-Id, and a proxy's that is no id", async () => {
    const claimed = await health(first, '198.51.100.7', 'f1e2d3c4b5a6978812345678abcdef01');
    expect(claimed.headers['x-request-id']).toMatch(UUID);
    for (const bogus of ['short', 'x'.repeat(129), 'abc def ghi jkl', 'id"},"level":60,"x":"']) {
      const reply = await health(first, PROXY, bogus);
      expect(reply.headers['x-request-id'], bogus).toMatch(UUID);
    }
  });
});

describe('build information', () => {
  it('names the version in /api/health and in the build_info metric', async () => {
    const reply = await health(first, '127.0.0.1');
    expect(reply.json().build).toEqual({ version, commit: expect.any(String) });
    const metrics = await first.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(
      `build_info{version="${version}",commit="${reply.json().build.commit}"} 1`,
    );
  });
});
