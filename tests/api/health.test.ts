import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../helpers/test-app';

const t = useTestApp();

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health endpoints', () => {
  it('say the process is live and ready, checking the database and the media store', async () => {
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });

    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toMatchObject({
      ok: true,
      draining: false,
      checks: { database: { ok: true }, media: { ok: true } },
    });
    // The first health endpoint answers like readiness, for monitors that already use it.
    const legacy = await get('/api/health');
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({ ok: true, checks: { database: { ok: true } } });
  });

  it('stay ready while the media store cannot be written, saying so in the details, and recover', async () => {
    // The media folder replaced by a file: nothing can be stored until an operator fixes it.
    await rm(t.config.mediaDir, { recursive: true, force: true });
    await writeFile(t.config.mediaDir, 'not a folder');
    try {
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        ok: true,
        checks: { database: { ok: true }, media: { ok: false, required: false } },
      });
      expect(ready.body).not.toContain(t.config.mediaDir);
      expect((await get('/api/health/live')).statusCode).toBe(200);
    } finally {
      await rm(t.config.mediaDir, { force: true });
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('report unready while draining for shutdown, though every dependency works', async () => {
    const draining = await createTestApp();
    try {
      draining.app.readiness.startDraining();
      const ready = await draining.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        ok: false,
        draining: true,
        checks: { database: { ok: true } },
      });
      expect(
        (await draining.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode,
      ).toBe(200);
    } finally {
      await draining.close();
    }
  });
});
