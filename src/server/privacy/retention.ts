import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { MediaStore } from '../media/media-store';
import { eraseExpiredAssessments } from './erase';
import { acquireJobLease, finishJob } from './job-lease';

const JOB = 'retention';
const LEASE_SECONDS = 15 * 60;

export function retentionCutoff(months: number, now = new Date()): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** One retention pass, run by whichever instance holds the job's lease. */
export async function runRetention(
  deps: { db: Db; media: MediaStore; log: FastifyBaseLogger },
  months: number,
  now = new Date(),
  holder?: string,
): Promise<{ ran: boolean; assessments: number; patients: number }> {
  if (!(await acquireJobLease(deps.db, JOB, LEASE_SECONDS, holder))) {
    return { ran: false, assessments: 0, patients: 0 };
  }
  const result = await eraseExpiredAssessments(deps, retentionCutoff(months, now));
  await finishJob(deps.db, JOB, holder);
  if (result.assessments > 0) deps.log.info(result, 'retention erased expired assessments');
  return { ran: true, ...result };
}

const HOUR = 60 * 60 * 1000;

/** With RETENTION_MONTHS set, every instance tries hourly; the lease lets one of them run. */
export function scheduleRetention(app: FastifyInstance): void {
  const months = app.deps.config.retentionMonths;
  if (!months) return;
  const tick = () =>
    void runRetention({ ...app.deps, log: app.log }, months).catch((error: unknown) =>
      app.log.error({ err: error }, 'retention run failed'),
    );
  const first = setTimeout(tick, 60_000);
  const timer = setInterval(tick, HOUR);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}
