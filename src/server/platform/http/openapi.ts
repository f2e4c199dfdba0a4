import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiConfigOptions } from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../../shared/constants';
import type { Config } from '../config';
import { notFound } from '../errors';
import { completeOperations } from './openapi-document';
import type { RouteAccess } from './route-access';

declare module 'fastify' {
  interface FastifyInstance {
    /** The schemas every /api route declared ("GET /api/x"), to compare with the description. */
    declaredSchemas: Map<string, FastifySchema | undefined>;
  }
}

export const OPENAPI_PATH = '/api/openapi.json';
/** Outside /api: the page and its scripts are public; the description it loads is not always. */
export const API_DOCS_PATH = '/docs/api';

type RequestInterceptor = NonNullable<FastifySwaggerUiConfigOptions['requestInterceptor']>;

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * OpenAPI 3 from the routes' own Zod schemas. Each operation carries its access rule twice: as
 * `x-access` (public, user, admin: admin also needs the second factor at sign-in) and as a
 * bearer-token security requirement for user and admin routes.
 */
const transform: SwaggerTransform = (input) => {
  const result = zodTransform(input);
  const access = (input.route.config as { access?: RouteAccess } | undefined)?.access;
  if (!access || result.schema?.hide) return result;
  return {
    ...result,
    schema: {
      ...result.schema,
      'x-access': access,
      security: access === 'public' ? [] : [{ bearerAuth: [] }],
    },
  };
};

/**
 * Serves the description at /api/openapi.json and Swagger UI at /docs/api: open to anyone in
 * development, to signed-in administrators in production. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const declared = new Map<string, FastifySchema | undefined>();
  app.decorate('declaredSchemas', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat())
      declared.set(`${method} ${route.url}`, route.schema);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'CMD Risk Assessment API',
        version: '1.0.0',
        description:
          'Every operation names who may call it in `x-access`: `public`, `user` (a signed-in patient or administrator) or `admin`. Signed-in calls send the token from sign-in as `Authorization: Bearer <token>`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject: (document) =>
      completeOperations((document as { openapiObject: OpenAPIV3.Document }).openapiObject),
  });

  app.get(OPENAPI_PATH, {
    config: { access: config.env === 'production' ? 'admin' : 'public' },
    schema: {
      summary: 'This description (administrators only in production)',
      response: { 200: z.looseObject({ openapi: z.string() }) },
    },
    handler: async () => app.swagger() as unknown as { openapi: string },
  });

  // The page reads the administrator's token from the app's storage (same origin), so a signed-in
  // admin sees the description in production; anyone else gets the 401 of /api/openapi.json.
  const addToken = new Function(
    'request',
    `const token = window.localStorage.getItem(${JSON.stringify(STORAGE_KEYS.authToken)});
     if (token) request.headers.Authorization = 'Bearer ' + token;
     return request;`,
  );
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    uiConfig: {
      urls: [{ url: OPENAPI_PATH, name: 'CMD Risk Assessment API' }],
      requestInterceptor: addToken as RequestInterceptor,
    },
    validatorUrl: false,
    uiHooks: {
      // The plugin's own copy of the description would bypass the access rule: one source only.
      onRequest: async (request) => {
        if (/\/(json|yaml)$/.test(request.routeOptions.url ?? '')) throw notFound();
      },
    },
  });
}
