import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CONTROL_CHARACTERS_MESSAGE } from '../../../shared/contracts/common';
import { languageOfHeader, translate, type MessageKey } from '../i18n/messages';
import { DomainError } from '../errors';
import { ERROR_STATUS } from './error-status';

/** Errors of the database driver that mean "not reachable right now", not "bad query". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined; e;) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/.test(e.message)
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * @fastify/busboy reports a multipart body it cannot parse with plain errors without a code; these
 * are all of its messages (a missing boundary, a body that ends early). The client sent that body.
 */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

const STATUS_MESSAGES: Record<number, MessageKey> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  406: 'errors.badRequest',
  409: 'errors.conflict',
  413: 'errors.payloadTooLarge',
  415: 'errors.unsupportedMediaType',
  429: 'errors.tooManyRequests',
};

function describe(error: FastifyError): {
  status: number;
  key: MessageKey;
  params?: Record<string, string | number>;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
} {
  if (error instanceof DomainError) {
    return {
      status: ERROR_STATUS[error.kind],
      key: error.messageKey,
      params: error.params,
      details: error.details,
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A control character is named as such, whichever other rule the value broke too.
    const control = error.validation.find((i) => i.message === CONTROL_CHARACTERS_MESSAGE);
    const issue = control ?? error.validation[0];
    const field =
      issue?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
    const key = control ? 'errors.controlCharacters' : 'errors.validation';
    return { status: 400, key, params: { field: field ?? 'body' } };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, key: 'errors.invalidJson' };
  }
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
    return { status: 400, key: 'errors.malformedMultipart' };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, key: 'errors.serviceUnavailable' };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, key: STATUS_MESSAGES[status] ?? 'errors.badRequest' };
  }
  return { status: 500, key: 'errors.internal' };
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, key, params, details, headers } = describe(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: key, status }, 'request refused');
    }
    const language = languageOfHeader(request.headers['accept-language']);
    if (status === 503) void reply.header('retry-after', '5');
    if (status === 429 && params?.seconds) void reply.header('retry-after', String(params.seconds));
    if (headers) void reply.headers(headers);
    return reply
      .status(status)
      .send({ ...details, message: translate(language, key, params), code: key });
  });
}
