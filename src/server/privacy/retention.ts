import type { FastifyInstance } from 'fastify';
import { removeUnreferencedUploads, type RemovalDeps } from '../survey/upload-removal';
import { eraseExpiredAssessments } from './erase';
import { acquireJobLease, finishJob } from './job-lease';

const JOB = 'retention';
const LEASE_SECONDS = 15 * 60;

export function retentionCutoff(months: number, now = new Date()): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * One pass of the scheduled clean-up, run by whichever instance holds the job's lease: uploads
 * no answer refers to are removed after their grace period always, evaluated assessments older
 * than `months` only when retention is configured.
 */
export async function runRetention(
  deps: RemovalDeps,
  months: number | undefined,
  now = new Date(),
  holder?: string,
): Promise<{ ran: boolean; assessments: number; patients: number; uploads: number }> {
  if (!(await acquireJobLease(deps.db, JOB, LEASE_SECONDS, holder))) {
    return { ran: false, assessments: 0, patients: 0, uploads: 0 };
  }
  const erased = months
    ? await eraseExpiredAssessments(deps, retentionCutoff(months, now))
    : { assessments: 0, patients: 0 };
  const uploads = await removeUnreferencedUploads(deps, now);
  await finishJob(deps.db, JOB, holder);
  if (erased.assessments > 0) deps.log.info(erased, 'retention erased expired assessments');
  if (uploads > 0) deps.log.info({ uploads }, 'removed uploads no answer refers to');
  return { ran: true, ...erased, uploads };
}

const HOUR = 60 * 60 * 1000;

/**
 * Every instance tries hourly; the lease lets one of them run. Scheduled whether or not
 * RETENTION_MONTHS is set, because the upload clean-up always runs.
 */
export function scheduleRetention(app: FastifyInstance): void {
  const months = app.deps.config.retentionMonths;
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
