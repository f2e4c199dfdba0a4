import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import type { Metrics } from '../ops/metrics';
import {
  backoffAfter,
  defineJob,
  noPayload,
  type JobDefinition,
  type JobHandler,
  type NoPayload,
} from './job-definition';
import {
  claimJobs,
  countActiveJobs,
  deleteFinishedJobs,
  failLostLastAttempts,
  insertJob,
  markJobDone,
  markJobFailed,
  retryJobAt,
  type JobRow,
} from './job-repository';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** At most one pending or running job per key: enqueueing it again meanwhile does nothing. */
  dedupeKey?: string;
  /** The assessment the job is about: erasing it deletes the job. */
  assessmentId?: number;
}

/** Started workers of this process, woken when a job is enqueued here. */
const localWorkers = new Set<() => void>();

/**
 * Adds a job, inside the caller's transaction when given one: it exists exactly when the change
 * that asked for it is committed. Returns its id, or null when the dedupe key is taken.
 */
export async function enqueue<P>(
  db: DbOrTx,
  job: JobDefinition<P>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const id = await insertJob(db, {
    name: job.name,
    payload: job.payload.parse(payload),
    maxAttempts: job.attempts,
    ...options,
  });
  // A worker polls soon after; one in another instance finds it at its next poll.
  if (id !== null) for (const wake of localWorkers) wake();
  return id;
}

export interface JobQueue {
  /** The handler of a kind of job; every instance registers the same ones. */
  register<P>(job: JobDefinition<P>, handler: JobHandler<P>): void;
  /**
   * A job that runs every `intervalMs` once per cluster: one pending row per name (its dedupe
   * key) is the schedule, and each run, done or given up, adds the next one.
   */
  every(
    job: JobDefinition<NoPayload>,
    intervalMs: number,
    handler: JobHandler<NoPayload>,
    options?: { firstRunAfterMs?: number },
  ): void;
  start(): void;
  /** Stops polling and waits for the jobs it is running. */
  stop(): Promise<void>;
  /**
   * Runs every job due now (or at `asOf`), here, until none is left, and waits for those the
   * background poll took: tests use it instead of waiting. Returns how many ran.
   */
  runDue(options?: { asOf?: Date }): Promise<number>;
  /** Readiness: throws when the worker is not polling, or a job of it has outrun its lease. */
  check(): Promise<void>;
}

/** A job still running after this is taken to be lost with its worker, and may run again. */
const LEASE_SECONDS = 15 * 60;
const POLL_MS = 2_000;
/** An enqueue wakes the worker this soon: time for the enqueueing transaction to commit. */
const WAKE_MS = 50;
/** The poll loop must have come round this recently for readiness (a poll waits at most 5 s). */
const STALLED_MS = 30_000;
const CONCURRENCY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

const recurringKey = (name: string) => `every:${name}`;
const errorCode = (error: unknown) => {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return String(code ?? name ?? 'Error').slice(0, 60);
};

const pruneJobs = defineJob({ name: 'prune-jobs', payload: noPayload });

interface Registered {
  job: JobDefinition<unknown>;
  handler: JobHandler<unknown>;
  every?: { intervalMs: number; firstRunAfterMs: number };
}

export function createJobQueue(options: {
  db: Db;
  log: FastifyBaseLogger;
  metrics: Metrics;
}): JobQueue {
  const { db, metrics } = options;
  const log = options.log.child({ component: 'jobs' });
  const registered = new Map<string, Registered>();
  const inFlight = new Map<Promise<void>, number>();
  let started = false;
  let stopped = false;
  let recurringEnsured = false;
  let polling: Promise<void> | null = null;
  let pollAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let nextPollAt = Infinity;
  let lastPollAt = 0;
  let failing = false;

  /** The first row of each recurring job, unless an instance has made it already. */
  const ensureRecurring = async () => {
    if (recurringEnsured) return;
    for (const { job, every } of registered.values()) {
      if (!every) continue;
      await insertJob(db, {
        name: job.name,
        payload: {},
        maxAttempts: job.attempts,
        runAt: new Date(Date.now() + every.firstRunAfterMs),
        dedupeKey: recurringKey(job.name),
      });
    }
    recurringEnsured = true;
  };

  const scheduleNext = async (tx: DbOrTx, entry: Registered, asOf: Date | undefined) => {
    if (!entry.every) return;
    await insertJob(tx, {
      name: entry.job.name,
      payload: {},
      maxAttempts: entry.job.attempts,
      runAt: new Date((asOf ?? new Date()).getTime() + entry.every.intervalMs),
      dedupeKey: recurringKey(entry.job.name),
    });
  };

  async function failed(
    row: JobRow,
    entry: Registered,
    error: unknown,
    asOf: Date | undefined,
    last = row.attempts >= row.maxAttempts,
  ) {
    const jobLog = log.child({ job: row.name, jobId: row.id, attempt: row.attempts });
    metrics.jobFailures.inc({ queue: row.name, outcome: last ? 'gave_up' : 'retry' });
    if (last) {
      jobLog.error({ err: error }, 'job failed for the last time: given up');
      await db.transaction(async (tx) => {
        await markJobFailed(tx, row, errorCode(error));
        await scheduleNext(tx, entry, asOf);
      });
      return;
    }
    const seconds = backoffAfter(entry.job, row.attempts);
    jobLog.warn({ err: error, retryInSeconds: seconds }, 'job failed: retrying later');
    const base = (asOf ?? new Date()).getTime();
    await retryJobAt(db, row, new Date(base + seconds * 1000), errorCode(error));
  }

  async function runJob(row: JobRow, asOf: Date | undefined): Promise<void> {
    const entry = registered.get(row.name)!;
    const payload = entry.job.payload.safeParse(row.payload);
    // A payload that does not parse will not parse next time either.
    if (!payload.success) return failed(row, entry, payload.error, asOf, true);
    try {
      await entry.handler(payload.data, {
        log: log.child({ job: row.name, jobId: row.id, attempt: row.attempts }),
        attempt: row.attempts,
      });
    } catch (error) {
      await failed(row, entry, error, asOf);
      return;
    }
    await db.transaction(async (tx) => {
      await markJobDone(tx, row);
      await scheduleNext(tx, entry, asOf);
    });
  }

  /** Runs a claimed job in the background; a job whose outcome cannot be recorded runs again. */
  function launch(row: JobRow, asOf?: Date): Promise<void> {
    const run = runJob(row, asOf)
      .catch((error: unknown) =>
        log.error({ err: error, job: row.name, jobId: row.id }, 'recording a job outcome failed'),
      )
      .finally(() => {
        inFlight.delete(run);
        wake(0);
      });
    inFlight.set(run, Date.now());
    return run;
  }

  const claim = (limit: number, asOf?: Date) =>
    claimJobs(db, { names: [...registered.keys()], limit, leaseSeconds: LEASE_SECONDS, asOf });

  async function pollOnce(): Promise<void> {
    lastPollAt = Date.now();
    try {
      await ensureRecurring();
      for (const row of await claim(CONCURRENCY - inFlight.size)) launch(row);
      if (failing) log.info('job queue reachable again');
      failing = false;
    } catch (error) {
      // Once per outage, not once per poll; readiness reports the database itself.
      if (!failing) log.warn({ err: error }, 'polling the job queue failed');
      failing = true;
    }
    lastPollAt = Date.now();
  }

  function poll(): void {
    timer = undefined;
    nextPollAt = Infinity;
    polling = pollOnce().finally(() => {
      polling = null;
      const again = pollAgain;
      pollAgain = false;
      if (!stopped) wake(again ? 0 : POLL_MS);
    });
  }

  /** Polls in `delayMs` at the latest (sooner if already planned); at once after a running poll. */
  function wake(delayMs = WAKE_MS): void {
    if (!started || stopped) return;
    if (polling) {
      if (delayMs < POLL_MS) pollAgain = true;
      return;
    }
    if (Date.now() + delayMs >= nextPollAt) return;
    clearTimeout(timer);
    nextPollAt = Date.now() + delayMs;
    timer = setTimeout(poll, delayMs);
    timer.unref();
  }

  const queue: JobQueue = {
    register(job, handler) {
      if (registered.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
      registered.set(job.name, {
        job: job as JobDefinition<unknown>,
        handler: handler as JobHandler<unknown>,
      });
    },

    every(job, intervalMs, handler, { firstRunAfterMs = 60_000 } = {}) {
      queue.register(job, handler);
      registered.get(job.name)!.every = { intervalMs, firstRunAfterMs };
      recurringEnsured = false;
    },

    start() {
      if (started) return;
      started = true;
      lastPollAt = Date.now();
      localWorkers.add(wake);
      wake(0);
    },

    async stop() {
      stopped = true;
      localWorkers.delete(wake);
      clearTimeout(timer);
      await polling;
      await Promise.allSettled(inFlight.keys());
    },

    async runDue({ asOf } = {}) {
      await ensureRecurring();
      let ran = 0;
      for (;;) {
        const rows = await claim(CONCURRENCY, asOf);
        ran += rows.length;
        await Promise.all(rows.map((row) => launch(row, asOf)));
        if (rows.length > 0) continue;
        // The background poll may hold due jobs it is claiming (skipped above): wait for it too.
        if (polling) await polling;
        else if (inFlight.size === 0) return ran;
        await Promise.allSettled(inFlight.keys());
      }
    },

    async check() {
      if (!started || stopped) throw new Error('the job worker is not running');
      if (!polling && Date.now() - lastPollAt > STALLED_MS) {
        throw new Error('the job worker has stopped polling');
      }
      const oldest = Math.min(...inFlight.values());
      if (Date.now() - oldest > LEASE_SECONDS * 1000) {
        throw new Error('a job has been running longer than its lease');
      }
    },
  };

  // The queue's own upkeep: finished jobs are kept a week (failed ones a month) for the operator.
  queue.every(pruneJobs, DAY_MS, async (_payload, { log: jobLog }) => {
    const now = Date.now();
    for (const name of await failLostLastAttempts(db)) {
      metrics.jobFailures.inc({ queue: name, outcome: 'gave_up' });
      jobLog.error({ lostJob: name }, 'job lost with its worker on its last attempt: given up');
    }
    const removed = await deleteFinishedJobs(db, {
      done: new Date(now - 7 * DAY_MS),
      failed: new Date(now - 30 * DAY_MS),
    });
    if (removed > 0) jobLog.info({ removed }, 'removed finished jobs');
  });
  metrics.observeJobQueue(async () => {
    const counts = await countActiveJobs(db);
    return new Map([...registered.keys()].map((name) => [name, counts.get(name) ?? 0]));
  });

  return queue;
}
