import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstQuestionOfType } from '../helpers/seed-answers';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app';

let t: TestApp;
let https: TestApp;
let admin: TestUser;
let patient: TestUser;
beforeAll(async () => {
  [t, https] = await Promise.all([
    createTestApp(),
    createTestApp({ PUBLIC_URL: 'https://praxis.example' }),
  ]);
  admin = await t.createAdmin();
  patient = await t.createPatient();
});
afterAll(() => Promise.all([t.close(), https.close()]));

const concrete = (url: string, id: number) =>
  url.replace(/:(\w+)/g, String(id)).replace('*', 'media/x.jpg');

describe('Cache-Control on API responses', () => {
  it('tells every cache not to keep an answer it has seen', async () => {
    const text = await firstQuestionOfType(t.database.db, 'text');
    await t.app.inject({
      method: 'POST',
      url: '/api/survey/responses',
      headers: patient.headers,
      payload: { questionId: text.id, answerText: 'Mein Kiefer knackt' },
    });
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/survey/questions',
      headers: patient.headers,
    });
    expect(reply.payload).toContain('Mein Kiefer knackt');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on every API route, its errors and unknown API paths', async () => {
    const routes = t.app.routeAccessTable.filter((r) => !r.url.includes('webhook'));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      // Reads as everyone; changes only as nobody, so no request here changes or revokes anything.
      for (const who of route.method === 'GET' ? [undefined, admin, patient] : [undefined]) {
        const id = who === patient ? patient.assessmentId : admin.assessmentId;
        const reply = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url, id),
          headers: who?.headers ?? {},
        });
        const label = `${route.method} ${route.url} as ${who?.email ?? 'nobody'} -> ${reply.statusCode}`;
        expect(String(reply.headers['cache-control']), label).toContain('no-store');
      }
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the site is served over https', async () => {
    for (const url of ['/api/health', '/', '/api/nothing-here']) {
      const reply = await https.app.inject({ method: 'GET', url });
      expect(reply.headers['strict-transport-security'], url).toMatch(/^max-age=31536000/);
    }
  });

  it('is not sent for a plain http site, where browsers would ignore it anyway', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.headers['strict-transport-security']).toBeUndefined();
  });
});
