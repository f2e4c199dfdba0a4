import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type Database } from '../../src/server/platform/db/client';
import { seedDefaultQuestionnaire } from '../../src/server/modules/questionnaire/seed/seed';
import type { AppInstance } from '../../src/server/platform/http/app-instance';
import { useE2e } from '../helpers/e2e-fixture';

// The browser of the fixture; the server is built here, serving a client folder with a gap.
const e2e = useE2e({ server: false });
let workDir: string;
let app: AppInstance;
let database: Database;
let clientDir: string;
let baseUrl: string;
let missingChunk: string;

/**
 * A tab of the previous build meets a server of the next one: the lazy chunk of the privacy page
 * is gone from the build being served.
 */
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'cmd-deploy-'));
  clientDir = join(workDir, 'client');
  await cp(join(process.cwd(), 'dist', 'client'), clientDir, { recursive: true });
  const manifest = JSON.parse(await readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8'));
  const [, privacyPage] = Object.entries<{ file: string }>(manifest).find(([source]) =>
    source.endsWith('/PrivacyNoticePage.tsx'),
  )!;
  missingChunk = privacyPage.file;
  for (const suffix of ['', '.br', '.gz']) {
    await rm(join(clientDir, `${missingChunk}${suffix}`), { force: true });
  }

  const config = await loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: workDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
  });
  database = await openDatabase({ kind: 'pglite-memory' });
  await seedDefaultQuestionnaire(database.db);
  app = await buildApp({ config, database, logger: false, clientDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('rolling deploy', () => {
  it('answers 404, not the app page, for an asset the build does not have', async () => {
    const reply = await fetch(`${baseUrl}/${missingChunk}`);
    expect(reply.status).toBe(404);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(await reply.text()).not.toContain('<div id="root">');
    // Other unknown paths still reach the browser router.
    expect((await fetch(`${baseUrl}/some/page`)).status).toBe(200);
  });

  it('reloads the page once when a lazy chunk fails to load, and does not loop', async () => {
    const page = await e2e.newPage({ baseURL: baseUrl });
    let loads = 0;
    page.on('load', () => (loads += 1));
    const chunkStatuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(missingChunk)) chunkStatuses.push(response.status());
    });

    await page.goto('/');
    // The paywall is prerendered: a click before hydration would be the browser's own navigation,
    // a second load before any chunk is asked for. The access-code button says when it is ready.
    const accessCode = page.getByRole('button', { name: 'I have an access code' });
    await expect
      .poll(() => accessCode.getAttribute('aria-disabled'), { timeout: 15_000 })
      .toBeNull();
    expect(loads).toBe(1);

    // The user follows an in-app link to a page whose chunk is gone: one reload fetches the
    // current build (here still without it, so the error then stays on screen).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/privacy');
    await page.waitForTimeout(3_000);
    expect(loads).toBe(2);
    expect(chunkStatuses.length).toBeGreaterThanOrEqual(2);
    expect(chunkStatuses.every((status) => status === 404)).toBe(true);
    expect(
      await page.evaluate(() => window.sessionStorage.getItem('stale_chunk_reload_at')),
    ).toMatch(/^\d+$/);
  });
});
