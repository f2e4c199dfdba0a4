import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * A kind of job: its name in the queue, the shape of its payload (checked when it is enqueued
 * and again when a worker reads it back) and how it is retried. Defined once and imported by
 * the code that enqueues it and the code that registers its handler.
 */
export interface JobDefinition<P> {
  name: string;
  payload: z.ZodType<P>;
  /** Runs in all before it is given up, the first one included. */
  attempts: number;
  /** The wait after the first failure, doubled after each further one up to `maxBackoffSeconds`. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
}

export function defineJob<P>(
  definition: Pick<JobDefinition<P>, 'name' | 'payload'> & Partial<JobDefinition<P>>,
): JobDefinition<P> {
  return { attempts: 5, backoffSeconds: 30, maxBackoffSeconds: 60 * 60, ...definition };
}

/** Seconds to wait before the next run, after `attempt` (1 for the first run) failed. */
export function backoffAfter(job: JobDefinition<unknown>, attempt: number): number {
  return Math.min(job.maxBackoffSeconds, job.backoffSeconds * 2 ** (attempt - 1));
}

/** The payload of a job that needs none (a recurring clean-up). */
export const noPayload = z.object({}).strict();
export type NoPayload = z.infer<typeof noPayload>;

export interface JobContext {
  /** The app's logger with the job's name, id and attempt: log ids and counts, never personal data. */
  log: FastifyBaseLogger;
  attempt: number;
}

/**
 * Does the job's work, outside any transaction; throwing makes it retried with back-off. A job
 * may run again after it did its work (its worker vanished before recording it), so a handler
 * must tolerate that: check the state it is about to change, or make a second run harmless.
 */
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;
