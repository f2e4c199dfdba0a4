import { randomBytes } from 'node:crypto';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, useTestApp, type TestApp } from '../helpers/test-app';

interface Operation {
  'x-access'?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
}

const t = useTestApp();
let doc: Document;
beforeAll(async () => {
  const reply = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(reply.statusCode).toBe(200);
  doc = reply.json();
});

/** Fastify's "/api/x/:id" and "/api/media/*" as OpenAPI paths (the wildcard named "path"). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
const parameterName = (name: string) => (name === '*' ? 'path' : name);
const keysOf = (schema: unknown) => Object.keys((schema as z.ZodObject).shape);

describe('OpenAPI description', () => {
  it('is OpenAPI 3 with a bearer security scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('describes every registered /api route with its request and response schemas and access rule', () => {
    const table = t.app.routeAccessTable;
    expect(table.length).toBeGreaterThan(30);
    for (const { method, url, access } of table) {
      const where = `${method} ${url}`;
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      expect(operation, where).toBeDefined();
      expect(operation!['x-access'], where).toBe(access);
      expect(operation!.security, where).toEqual(access === 'public' ? [] : [{ bearerAuth: [] }]);

      const schema: FastifySchema | undefined = t.app.declaredSchemas.get(where);
      const parameters = operation!.parameters ?? [];
      for (const [location, declared] of [
        ['path', schema?.params],
        ['query', schema?.querystring],
      ] as const) {
        if (!declared) continue;
        for (const name of keysOf(declared)) {
          const parameter = parameters.find(
            (p) => p.in === location && p.name === parameterName(name),
          );
          expect(parameter?.schema, `${where}: ${location} parameter ${name}`).toBeDefined();
        }
      }
      if (schema?.body) {
        expect(
          operation!.requestBody?.content['application/json']?.schema,
          `${where}: body`,
        ).toBeDefined();
      }
      const responses = (schema?.response ?? {}) as Record<string, unknown>;
      for (const status of Object.keys(responses)) {
        expect(
          operation!.responses[status]?.content?.['application/json']?.schema,
          `${where}: response ${status}`,
        ).toBeDefined();
      }
    }
  });

  it('carries the real constraints of a schema, e.g. the review status body', () => {
    const operation = doc.paths['/api/admin/assessments/{id}/status']!.put!;
    const body = JSON.stringify(operation.requestBody);
    expect(body).toContain('"in_review"');
    expect(body).toContain('"additionalProperties":false');
    expect(operation['x-access']).toBe('admin');
  });
});

describe('OpenAPI in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      PAYMENTS: 'demo',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'Praxis <praxis@example.org>',
      MEDIA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
  });
  afterAll(() => prod.close());

  it('is for administrators only; the documentation page itself holds nothing secret', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      prod.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/openapi.json')).statusCode).toBe(401);
    const patient = await prod.createPatient();
    expect((await get('/api/openapi.json', patient.headers)).statusCode).toBe(403);
    const admin = await prod.createAdmin();
    const described = await get('/api/openapi.json', admin.headers);
    expect(described.statusCode).toBe(200);
    expect(described.json().paths['/api/openapi.json'].get['x-access']).toBe('admin');

    const page = await get('/docs/api/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    // Only scripts from files: the app's Content-Security-Policy forbids inline ones.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The plugin's own copy of the description would bypass the access rule.
    expect((await get('/docs/api/json')).statusCode).toBe(404);
    expect((await get('/docs/api/yaml')).statusCode).toBe(404);
  });
});
