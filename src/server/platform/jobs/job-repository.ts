import { and, asc, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobs } from './tables';

export type JobRow = typeof jobs.$inferSelect;

const ACTIVE = sql`state in ('pending', 'running')`;

/** The database's clock, or the moment a test asks about. */
const at = (asOf: Date | undefined) =>
  asOf ? sql`${asOf.toISOString()}::timestamptz` : sql`now()`;

/** Adds a job; null when a pending or running job already holds its dedupe key. */
export async function insertJob(
  db: DbOrTx,
  values: {
    name: string;
    payload: unknown;
    maxAttempts: number;
    runAt?: Date;
    dedupeKey?: string;
    assessmentId?: number;
  },
): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({ target: jobs.dedupeKey, where: ACTIVE })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * Claims up to `limit` due jobs of the given names for this worker: pending ones whose time has
 * come, and running ones whose worker let the lease run out. SKIP LOCKED lets every instance
 * claim at once without waiting on, or taking, each other's rows; the claim commits at once, so
 * the job runs outside any transaction.
 */
export async function claimJobs(
  db: DbOrTx,
  options: { names: string[]; limit: number; leaseSeconds: number; asOf?: Date },
): Promise<JobRow[]> {
  if (options.names.length === 0 || options.limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, options.names),
        lt(jobs.attempts, jobs.maxAttempts),
        or(
          and(eq(jobs.state, 'pending'), lte(jobs.runAt, at(options.asOf))),
          and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** The claim of one attempt: a worker whose lease ran out (and was re-claimed) changes nothing. */
const claimOf = (job: Pick<JobRow, 'id' | 'attempts'>) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts));

export async function markJobDone(db: DbOrTx, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'done', lockedUntil: null, finishedAt: sql`now()` })
    .where(claimOf(job));
}

export async function retryJobAt(
  db: DbOrTx,
  job: JobRow,
  runAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'pending', runAt, lockedUntil: null, lastError: error })
    .where(claimOf(job));
}

export async function markJobFailed(db: DbOrTx, job: JobRow, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'failed', lockedUntil: null, lastError: error, finishedAt: sql`now()` })
    .where(claimOf(job));
}

/**
 * Last attempts whose worker vanished (crash, kill) cannot be claimed again: they are given up,
 * by name, so they are counted.
 */
export async function failLostLastAttempts(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .update(jobs)
    .set({ state: 'failed', lockedUntil: null, lastError: 'LOST', finishedAt: sql`now()` })
    .where(
      and(
        eq(jobs.state, 'running'),
        lt(jobs.lockedUntil, sql`now()`),
        gte(jobs.attempts, jobs.maxAttempts),
      ),
    )
    .returning({ name: jobs.name });
  return rows.map((row) => row.name);
}

/** Finished jobs are kept a while for the operator, then deleted. */
export async function deleteFinishedJobs(
  db: DbOrTx,
  cutoffs: { done: Date; failed: Date },
): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, 'done'), lt(jobs.finishedAt, cutoffs.done)),
        and(eq(jobs.state, 'failed'), lt(jobs.finishedAt, cutoffs.failed)),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/** Pending and running jobs by name. */
export async function countActiveJobs(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ name: jobs.name, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(jobs)
    .where(ACTIVE)
    .groupBy(jobs.name);
  return new Map(rows.map((row) => [row.name, row.count]));
}
