import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Mailer } from '../mail/mailer';
import type { BuildInfo } from './build-info';

export interface PoolStats {
  /** Connections open, idle among them, and requests waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * The server's Prometheus metrics, one registry per app (tests build many apps in one process).
 * Modules import the metric they update by name; the job queue's depth is read at each scrape.
 */
export function createMetrics(build: BuildInfo) {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: 'build_info',
    help: 'Always 1; its labels name the build this instance runs (version and commit)',
    labelNames: ['version', 'commit'] as const,
    registers,
  }).set(build, 1);
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status; its _count is the request rate',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    mailSent: new Counter({
      name: 'mail_sent_total',
      help: 'E-mails handed to the mail server (or the outbox folder), by template',
      labelNames: ['template'] as const,
      registers,
    }),
    mailSendFailures: new Counter({
      name: 'mail_send_failures_total',
      help: 'E-mails that could not be sent, by template',
      labelNames: ['template'] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: 'job_failures_total',
      help: 'Failed job runs by queue (job name): retry (runs again after its back-off) or gave_up (its last attempt)',
      labelNames: ['queue', 'outcome'] as const,
      registers,
    }),
    /** Pending and running jobs by name, read from the database at each scrape. */
    observeJobQueue(depth: () => Promise<Map<string, number>>) {
      new Gauge({
        name: 'job_queue_depth',
        help: 'Jobs waiting to run or running, by queue (job name), in the whole cluster',
        labelNames: ['queue'] as const,
        registers,
        async collect() {
          // A scrape while the database is away keeps the last figures; readiness reports it.
          const current = await depth().catch(() => null);
          if (!current) return;
          this.reset();
          for (const [queue, count] of current) this.set({ queue }, count);
        },
      });
    },
    /** Database pool use, read at each scrape; the embedded database has no pool to report. */
    observePool(stats: () => PoolStats | null) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const current = stats();
          if (!current) return;
          this.set({ state: 'total' }, current.total);
          this.set({ state: 'idle' }, current.idle);
          this.set({ state: 'waiting' }, current.waiting);
        },
      });
      new Gauge({
        name: 'db_pool_max_connections',
        help: 'Largest number of connections the pool opens (DATABASE_POOL_SIZE)',
        registers,
        collect() {
          const current = stats();
          if (current) this.set(current.max);
        },
      });
    },
    /** Each readiness check's outcome, run at each scrape: the media store's outage shows here. */
    observeDependencies(check: () => Promise<Record<string, { ok: boolean }>>) {
      new Gauge({
        name: 'dependency_up',
        help: 'Whether a dependency answers its readiness check (1) or not (0), by dependency',
        labelNames: ['dependency'] as const,
        registers,
        async collect() {
          for (const [dependency, { ok }] of Object.entries(await check())) {
            this.set({ dependency }, ok ? 1 : 0);
          }
        },
      });
    },
    /** Memory, CPU, event loop lag: only worth collecting when someone scrapes them. */
    collectProcessMetrics() {
      collectDefaultMetrics({ register: registry });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Counts every send and every failure per template; the failure still reaches the caller. */
export function countMailOutcomes(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailSendFailures.inc({ template: message.template });
        throw error;
      }
      metrics.mailSent.inc({ template: message.template });
    },
  };
}
