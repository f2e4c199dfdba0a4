import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** How long readiness says "no" before the server stops listening (load balancers notice). */
  drainSeconds: number;
  /** From the signal on: after this the process exits, even with requests still running. */
  timeoutSeconds: number;
  /** Closes what the app does not own (database, metrics port), after the server closed. */
  closeResources(): Promise<void>;
}

/**
 * SIGTERM (a deploy, an orchestrator): readiness turns 503 at once, the server keeps serving for
 * the drain delay, then stops accepting connections and lets running requests finish. SIGINT
 * (Ctrl-C) skips the drain; a second signal exits at once.
 */
export function installGracefulShutdown(app: FastifyInstance, options: ShutdownOptions): void {
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    const drainSeconds = signal === 'SIGINT' ? 0 : options.drainSeconds;
    app.log.info({ signal, drainSeconds }, 'shutting down: draining');
    app.readiness.startDraining();
    setTimeout(() => {
      app.log.error({ timeoutSeconds: options.timeoutSeconds }, 'shutdown timed out: exiting');
      process.exit(1);
    }, options.timeoutSeconds * 1000).unref();

    await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
    app.log.info('shutting down: closing the server, running requests finish');
    await app.close();
    await options.closeResources();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}
