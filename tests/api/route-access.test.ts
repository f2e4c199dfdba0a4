import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRouteAccess } from '../../src/server/platform/http/route-access';
import { useTestApp } from '../helpers/test-app';

const t = useTestApp();

/** Fills a route pattern's parameters with a plausible id. */
const concrete = (url: string) =>
  url
    .replace(/:(\w+)/g, (_, name: string) =>
      name === 'path' || name === '*' ? 'media/x.jpg' : '1',
    )
    .replace('*', 'media/x.jpg');

describe('access rules of every API route', () => {
  it('declares an access rule for every API route', () => {
    expect(t.app.routeAccessTable.length).toBeGreaterThan(0);
    for (const route of t.app.routeAccessTable) {
      expect(['public', 'user', 'admin']).toContain(route.access);
      if (route.url.startsWith('/api/admin')) expect(route.access).toBe('admin');
    }
  });

  it('answers 401 without a token and 403 with a patient token on every admin route', async () => {
    const patient = await t.createPatient();
    for (const route of t.app.routeAccessTable.filter((r) => r.access === 'admin')) {
      const url = concrete(route.url);
      const method = route.method as 'GET';
      const anonymous = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(anonymous.statusCode, `${route.method} ${route.url} without token`).toBe(401);
      expect(anonymous.json().message).toBeTruthy();
      const asPatient = await t.app.inject({
        method,
        url,
        headers: patient.headers,
        payload: method === 'GET' ? undefined : {},
      });
      expect(asPatient.statusCode, `${route.method} ${route.url} as patient`).toBe(403);
    }
  });

  it('answers 401 without a token on every signed-in route', async () => {
    for (const route of t.app.routeAccessTable.filter((r) => r.access === 'user')) {
      const method = route.method as 'GET';
      const reply = await t.app.inject({
        method,
        url: concrete(route.url),
        payload: method === 'GET' ? undefined : {},
      });
      expect(reply.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses a token of a user whose tokens were revoked', async () => {
    const patient = await t.createPatient();
    const { users } = await import('../../src/server/schema');
    const { eq, sql } = await import('drizzle-orm');
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, patient.id));
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: patient.headers,
      payload: { language: 'de' },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('registering routes', () => {
  it('refuses an API route that declares no access rule', async () => {
    const app = Fastify();
    registerRouteAccess(app, {
      authenticate: async () => ({ ended: 'expired' }),
      readClaims: async () => ({ ended: 'expired' }),
    });
    expect(() => app.get('/api/anything', async () => ({}))).toThrow(/declares no access rule/);
  });

  it('refuses an admin-prefixed route that is not admin-only', async () => {
    const app = Fastify();
    registerRouteAccess(app, {
      authenticate: async () => ({ ended: 'expired' }),
      readClaims: async () => ({ ended: 'expired' }),
    });
    expect(() =>
      app.get('/api/admin/things', { config: { access: 'user' } }, async () => ({})),
    ).toThrow(/not admin-only/);
  });
});
