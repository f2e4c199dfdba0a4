import type { FastifyBaseLogger } from 'fastify';

/** Resolves when the dependency works, throws when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface ReadinessReport {
  /** Every required dependency answers (an optional one down is only reported). */
  ready: boolean;
  /** The server is shutting down and wants no new traffic, whatever the checks say. */
  draining: boolean;
  checks: Record<string, { ok: boolean; ms: number; required: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export interface Readiness {
  /**
   * Adds a dependency to the probe. A required one (the database, the job worker) makes the
   * instance unready when it fails; an optional one (the media store) is reported in the details
   * and metrics only: its outage fails the requests that need it, and taking every instance out
   * of the balancer would fail all the others too.
   */
  register(name: string, check: ReadinessCheck, options?: { required?: boolean }): void;
  /** Shutting down: readiness answers "not ready" from now on. */
  startDraining(): void;
  check(): Promise<ReadinessReport>;
}

/** A hung dependency must not hang the probe: the load balancer's own timeout is short too. */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout(check: ReadinessCheck): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(check), timeout]).finally(() => clearTimeout(timer));
}

/**
 * What /api/health/ready reports. Modules register their own check, so a new dependency joins
 * the probe without the health route knowing it.
 */
export function createReadiness(log: FastifyBaseLogger): Readiness {
  const checks = new Map<string, { check: ReadinessCheck; required: boolean }>();
  let draining = false;
  return {
    register(name, check, options) {
      if (checks.has(name)) throw new Error(`Readiness check ${name} is registered twice`);
      checks.set(name, { check, required: options?.required ?? true });
    },
    startDraining() {
      draining = true;
    },
    async check() {
      const results = await Promise.all(
        [...checks].map(async ([name, { check, required }]) => {
          const started = performance.now();
          const ok = await withTimeout(check).then(
            () => true,
            (error: unknown) => {
              // The reason goes to the log only: the probe is public.
              log.warn({ check: name, err: error }, 'readiness check failed');
              return false;
            },
          );
          const ms = Math.round(performance.now() - started);
          return [name, { ok, ms, required }] as const;
        }),
      );
      const report = Object.fromEntries(results);
      return {
        ready: !draining && results.every(([, result]) => result.ok || !result.required),
        draining,
        checks: report,
      };
    },
  };
}
