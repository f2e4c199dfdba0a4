import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';

/** What a proxy's id may look like (nginx's $request_id, a UUID, ...): nothing to inject into a log. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify's genReqId: a random UUID, unique across instances and restarts, unless the request
 * came from a trusted proxy (TRUST_PROXY) that named it in X-Request-Id, so the proxy's log and
 * ours meet on one id. A client's own X-Request-Id is ignored: it could make its requests look
 * like someone else's in the log.
 */
export function requestIdGenerator(trustProxy: boolean | string): (raw: IncomingMessage) => string {
  const trust =
    typeof trustProxy === 'string' ? proxyAddr.compile(trustProxy.split(',')) : () => trustProxy;
  const trusted = (address: string) => trust(address, 0);
  return (raw) => {
    const given = raw.headers['x-request-id'];
    const peer = raw.socket?.remoteAddress;
    if (typeof given === 'string' && REQUEST_ID.test(given) && peer && trusted(peer)) return given;
    return randomUUID();
  };
}

/** Every reply names its request, for a support question or the proxy's log. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
}
