import type { FastifyBaseLogger } from 'fastify';

/** Resolves when the dependency works, throws when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface ReadinessReport {
  ready: boolean;
  /** The server is shutting down and wants no new traffic, whatever the checks say. */
  draining: boolean;
  checks: Record<string, { ok: boolean; ms: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export interface Readiness {
  /** Adds a dependency the server cannot serve without (database, media store, job worker). */
  register(name: string, check: ReadinessCheck): void;
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
  const checks = new Map<string, ReadinessCheck>();
  let draining = false;
  return {
    register(name, check) {
      if (checks.has(name)) throw new Error(`Readiness check ${name} is registered twice`);
      checks.set(name, check);
    },
    startDraining() {
      draining = true;
    },
    async check() {
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => {
          const started = performance.now();
          const ok = await withTimeout(check).then(
            () => true,
            (error: unknown) => {
              // The reason goes to the log only: the probe is public.
              log.warn({ check: name, err: error }, 'readiness check failed');
              return false;
            },
          );
          return [name, { ok, ms: Math.round(performance.now() - started) }] as const;
        }),
      );
      const report = Object.fromEntries(results);
      return {
        ready: !draining && results.every(([, result]) => result.ok),
        draining,
        checks: report,
      };
    },
  };
}
