import { describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../helpers/test-app';

const t = useTestApp();
const admin = useAdmin(t);

const concrete = (url: string) => url.replace(/:(\w+)/g, '1').replace('*', 'media/x.jpg');

const BAD_BODIES: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"code": ', contentType: 'application/json' },
  { name: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
  { name: 'a JSON string', payload: '"hello"', contentType: 'application/json' },
  {
    name: 'wrong types',
    payload: JSON.stringify({ code: 42, language: 7, questionId: 'x', amount: 'lots' }),
    contentType: 'application/json',
  },
  {
    name: 'unknown fields only',
    payload: JSON.stringify({ surprise: true, __proto__: { isAdmin: true } }),
    contentType: 'application/json',
  },
  { name: 'a form body', payload: 'code=abc', contentType: 'application/x-www-form-urlencoded' },
];

describe('bad input to JSON endpoints', () => {
  it('gives every POST and PUT route a 4xx with a JSON message, never a 500', async () => {
    const routes = t.app.routeAccessTable.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      if (route.url.includes('webhook') || route.url.endsWith('/media')) continue;
      for (const bad of BAD_BODIES) {
        const reply = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { ...admin.headers, 'content-type': bad.contentType },
          payload: bad.payload,
        });
        const label = `${route.method} ${route.url} with ${bad.name}`;
        expect(reply.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(reply.statusCode, label).toBeLessThan(500);
        expect(reply.json().message, label).toEqual(expect.any(String));
      }
    }
  });

  it('names the offending field in the message', async () => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/user/language',
      headers: admin.headers,
      payload: { language: 'en', extra: 1 },
    });
    expect(reply.statusCode).toBe(400);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe('Not found.');
  });
});
