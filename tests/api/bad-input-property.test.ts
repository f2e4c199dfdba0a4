import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Failed sign-ins are meant to count; everything else must be left as it was by a refused call.
const WATCHED_TABLES = [
  'users',
  'access_codes',
  'questions',
  'question_translations',
  'question_options',
  'option_translations',
  'responses',
  'media_uploads',
  'promo_codes',
  'payments',
  'webhook_events',
  'audit_log',
  'erasures',
];

async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const table of WATCHED_TABLES) {
    const result = await t.database.db.execute(
      sql.raw(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${table} t`,
      ),
    );
    parts.push(String((result as unknown as { rows: { h: string }[] }).rows[0]!.h));
  }
  return parts.join(',');
}

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const body = fc.oneof(
  jsonValue.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((text) => ({ payload: text, type: 'application/json' })),
  fc.string({ maxLength: 100 }).map((text) => ({ payload: text, type: 'text/plain' })),
  fc.constant({ payload: '', type: 'application/json' }),
);
const param = fc.oneof(
  fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
  fc.string({ maxLength: 30 }).map((s) => encodeURIComponent(s) || 'x'),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', '1e3', 'NaN', '0x10'),
);
const query = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), {
  maxKeys: 3,
});
const headers = fc.record({
  who: fc.constantFrom('nobody', 'patient', 'admin', 'garbage'),
  language: fc.constantFrom('de-DE', 'en', 'xx', ''),
});

function withTimeout<T>(promise: Promise<T>, label: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${label} hung`)), 5000)),
  ]);
}

describe('random and malformed input to every endpoint', () => {
  it('always answers 2xx or 4xx with a JSON message, never 5xx or a hang, and 4xx changes nothing', async () => {
    const routes = t.app.routeAccessTable.filter(
      (r) => !r.url.includes('webhook') && !r.url.endsWith('/media'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const patient = await t.createPatient();
      const admin = await t.createAdmin();
      await fc.assert(
        fc.asyncProperty(body, param, query, headers, async (b, p, q, h) => {
          const url =
            route.url.replace(/:\w+/g, p).replace('*', p) + '?' + new URLSearchParams(q).toString();
          const authorization = {
            nobody: undefined,
            patient: patient.headers.authorization,
            admin: admin.headers.authorization,
            garbage: 'Bearer not.a.token',
          }[h.who];
          const before = await snapshot();
          const reply = await withTimeout(
            t.app.inject({
              method: route.method as 'POST',
              url,
              headers: {
                'content-type': b.type,
                'accept-language': h.language,
                ...(authorization ? { authorization } : {}),
              },
              payload: route.method === 'GET' ? undefined : b.payload,
            }),
            `${route.method} ${url}`,
          );
          const label = `${route.method} ${url} -> ${reply.statusCode}: ${reply.payload.slice(0, 200)}`;
          expect(reply.statusCode, label).toBeLessThan(500);
          if (reply.statusCode >= 400) {
            expect(reply.json().message, label).toEqual(expect.any(String));
            expect(await snapshot(), `${label} changed rows`).toBe(before);
          }
        }),
        { numRuns: 25, seed: 20261123 },
      );
    }
  }, 240_000);
});
