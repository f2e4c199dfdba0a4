import type { OpenAPIV3 } from 'openapi-types';

/**
 * What every operation of the description gets without each route repeating it, so the
 * document passes Redocly's recommended rules: an operationId from its method and path, the
 * error replies every route can give (one shared schema, the error handler's body), and path
 * parameters in place of Fastify's wildcard. Summaries are the routes' own (`schema.summary`).
 * A recursive type (a JSON value, `z.json()`) comes out of the Zod conversion as a reference
 * to a definition it leaves out; it is described as what it is, any JSON value.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A wildcard (`/api/media/*`) is the rest of the path: named, as OpenAPI has no wildcard. */
const WILDCARD = '{*}';
const WILDCARD_NAME = 'path';

const errorSchema: OpenAPIV3.SchemaObject = {
  type: 'object',
  description:
    'Every refusal and failure: `message` in the language of Accept-Language (English or German), `code` the stable message key; some add fields (e.g. `missingQuestionIds`)',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message', 'code'],
};

const ERROR_RESPONSES = {
  BadRequest: ['400', 'The request does not fit the schema (the field is named)'],
  Unauthorized: ['401', 'No valid session: sign in again'],
  Forbidden: ['403', 'Signed in, but not allowed (administrators only)'],
  NotFound: ['404', 'Nothing of that id that the caller may see'],
  ServiceUnavailable: ['503', 'The database is not reachable right now; retry after Retry-After'],
} as const;
type ErrorResponse = keyof typeof ERROR_RESPONSES;

/** `get` and `/api/admin/assessments/{id}/report.pdf` -> `getAdminAssessmentsByIdReportPdf`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/** The error replies an operation can give, by what it takes and who may call it. */
function errorsOf(operation: OpenAPIV3.OperationObject, path: string): ErrorResponse[] {
  const errors: ErrorResponse[] = [];
  if (operation.parameters?.length || operation.requestBody) errors.push('BadRequest');
  const access = (operation as { 'x-access'?: string })['x-access'];
  if (access === 'user' || access === 'admin') errors.push('Unauthorized');
  if (access === 'admin') errors.push('Forbidden');
  if (path.includes('{')) errors.push('NotFound');
  errors.push('ServiceUnavailable');
  return errors;
}

const ANY_JSON_VALUE = { description: 'any JSON value' };

/** A schema that only refers to a component the document does not have. */
function isDanglingReference(value: object, components: Set<string>): boolean {
  const allOf = (value as { allOf?: unknown[] }).allOf;
  if (!Array.isArray(allOf) || allOf.length !== 1) return false;
  const ref = (allOf[0] as { $ref?: unknown }).$ref;
  if (typeof ref !== 'string') return false;
  const name = /^#\/components\/schemas\/([^/#]+)$/.exec(ref)?.[1];
  return !name || !components.has(name);
}

function replaceDanglingReferences(value: unknown, components: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => replaceDanglingReferences(item, components));
  if (!value || typeof value !== 'object') return value;
  if (isDanglingReference(value, components)) return ANY_JSON_VALUE;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, replaceDanglingReferences(item, components)]),
  );
}

export function completeOperations(document: OpenAPIV3.Document): OpenAPIV3.Document {
  const components = new Set(['Error', ...Object.keys(document.components?.schemas ?? {})]);
  const paths: OpenAPIV3.PathsObject = {};
  for (const [rawPath, original] of Object.entries(document.paths)) {
    const path = rawPath.replace(WILDCARD, `{${WILDCARD_NAME}}`);
    // A copy per operation: methods of one route (HEAD and PATCH) share one object.
    const item = replaceDanglingReferences(original, components) as OpenAPIV3.PathItemObject;
    paths[path] = item;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      for (const parameter of (operation.parameters ?? []) as OpenAPIV3.ParameterObject[]) {
        if (parameter.in === 'path' && parameter.name === '*') {
          parameter.name = WILDCARD_NAME;
          parameter.description ??= 'the rest of the path';
        }
      }
      for (const name of errorsOf(operation, path)) {
        const status = ERROR_RESPONSES[name][0];
        operation.responses[status] ??= { $ref: `#/components/responses/${name}` };
      }
    }
  }
  const responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, [, description]]) => [
      name,
      {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Error: errorSchema },
      responses: { ...document.components?.responses, ...responses },
    },
  };
}
