import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createAssessmentWithCode } from '../../src/server/modules/access/access-codes';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { users } from '../../src/server/schema';
import type { AppInstance } from '../../src/server/platform/http/app-instance';
import { createThrowawayDatabase, POSTGRES_URL, postgresAnswers } from '../helpers/shared-postgres';
import { TcpProxy } from '../helpers/tcp-proxy';

// Needs a PostgreSQL server (the embedded database cannot go away): TEST_DATABASE_URL, or the
// local one CI starts. Skipped only when no server answers at all.
const reachable = await postgresAnswers();

let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
let proxy: TcpProxy;
let database: Database;
let app: AppInstance;
let code: string;

describe.runIf(reachable)('database briefly unavailable', () => {
  beforeAll(async () => {
    throwaway = await createThrowawayDatabase('cmd_outage');
    const target = new URL(POSTGRES_URL);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const viaProxy = new URL(throwaway.url);
    viaProxy.host = `127.0.0.1:${port}`;
    database = await openDatabase({ kind: 'postgres', url: viaProxy.toString(), poolSize: 4 });
    const config = await loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: await mkdtemp(join(tmpdir(), 'cmd-outage-')),
      JWT_SECRET: randomBytes(32).toString('base64'),
    });
    app = await buildApp({ config, database, logger: false });
    const [user] = await database.db.insert(users).values({ email: 'p@example.org' }).returning();
    code = (await createAssessmentWithCode(database.db, user!.id)).code;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    await proxy?.stop();
    await throwaway?.drop();
  });

  const signIn = () =>
    app.inject({
      method: 'POST',
      url: '/api/verify-access-code',
      payload: { code },
      remoteAddress: '10.3.3.3',
    });

  it('answers 503 with a JSON message while the database is gone, and recovers by itself', async () => {
    expect((await signIn()).statusCode).toBe(200);
    const port = proxy.port;
    await proxy.stop();

    const during = await signIn();
    expect(during.statusCode).toBe(503);
    expect(during.json().message).toBe(
      'The service is briefly unavailable. Please try again in a moment.',
    );
    expect(during.headers['retry-after']).toBeDefined();
    // Unready (take it out of the load balancer) but alive (restarting would not help).
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      ok: false,
      checks: { database: { ok: false }, media: { ok: true } },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    await proxy.start(port);
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await signIn()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});
