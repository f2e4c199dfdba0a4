import { z } from 'zod';
import { buildInfo } from '../ops/build-info';
import type { AppInstance } from './app-instance';

const readinessSchema = z.object({
  ok: z.boolean(),
  /** Which build answers: during a rolling deploy, whether this instance is the new one. */
  build: z.object({ version: z.string(), commit: z.string() }),
  draining: z.boolean(),
  checks: z.record(
    z.string(),
    z.object({ ok: z.boolean(), ms: z.number(), required: z.boolean() }),
  ),
});

/**
 * Liveness says the process answers (restart it if not); readiness says it can serve now (send
 * it traffic if so). A stopped database makes the server unready but not dead: restarting it
 * would not bring the database back. A stopped media store (S3) leaves it ready: the details say
 * so, and only uploads and playback are refused (503, Retry-After) until it is back.
 */
export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get('/api/health/live', {
    config: { access: 'public' },
    schema: {
      summary: 'Liveness: the process is up',
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  });

  // /api/health was the first health endpoint; it stays an alias for monitors that poll it.
  for (const url of ['/api/health/ready', '/api/health']) {
    app.get(url, {
      config: { access: 'public' },
      schema: {
        summary:
          'Readiness: the database and every required dependency answer; the media store is reported, not required',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      handler: async (_request, reply) => {
        const report = await app.readiness.check();
        reply.header('cache-control', 'no-store');
        reply.code(report.ready ? 200 : 503);
        return {
          ok: report.ready,
          build: buildInfo,
          draining: report.draining,
          checks: report.checks,
        };
      },
    });
  }
}
