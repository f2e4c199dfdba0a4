import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

export type JobState = 'pending' | 'running' | 'done' | 'failed';

/**
 * The job queue (an outbox): a row is written in the transaction of the change that asks for the
 * work, and a worker of any instance claims it with FOR UPDATE SKIP LOCKED and runs it outside
 * any transaction. Payloads hold ids, never personal data: a mail is rendered when it is sent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: text('state').$type<JobState>().notNull().default('pending'),
    /** When it may run next: on enqueue, or after a failed attempt with its back-off. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** While running: after this the worker is taken to be gone and another may claim it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last failure's kind or code (ETIMEDOUT, EAUTH): never a message, which may quote data. */
    lastError: text('last_error'),
    /** At most one pending or running job per key (unique among those, not among finished ones). */
    dedupeKey: text('dedupe_key'),
    /**
     * A job about an assessment goes with it: erasure and retention delete its pending mails.
     * The foreign key to assessments (ON DELETE CASCADE) is in the migrations (0004, renamed in
     * 0007) and not declared here: the platform knows no module's tables.
     */
    assessmentId: integer('assessment_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_state_run_at_idx').on(t.state, t.runAt),
    uniqueIndex('jobs_active_dedupe_key_idx')
      .on(t.dedupeKey)
      .where(sql`state in ('pending', 'running')`),
    index('jobs_assessment_idx').on(t.assessmentId),
  ],
);
