import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../ops/metrics';
import { notFound, unauthenticated } from '../errors';
import { bearerToken } from './route-access';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * The route label is the pattern ("/api/admin/assessments/:id/report.pdf"), never the raw URL:
 * ids and query strings would make a series per request and could carry personal data. Static
 * files and unknown paths share one label each.
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern) return 'not_found';
  if (pattern.startsWith('/api') || pattern === '/metrics') return pattern;
  return 'static';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Request metrics for every route, and /metrics on the main port for a scraper that sends
 * METRICS_TOKEN as a bearer token (404 when no token is configured: the metrics are not public).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // Not part of the API description: an operations endpoint, off unless configured.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound();
    const given = bearerToken(request);
    if (!given || !timingSafeEqual(digest(given), digest(token))) throw unauthenticated();
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

/** METRICS_PORT: /metrics alone on a port of its own, for a scraper on a private network. */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string },
): Promise<{ server: Server; address: string }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return { server, address: `http://${options.host}:${port}/metrics` };
}
