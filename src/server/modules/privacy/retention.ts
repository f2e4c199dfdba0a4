import { pruneRateLimits } from '../accounts';
import { removeUnreferencedUploads, type RemovalDeps } from '../media';
import { eraseExpiredAssessments } from './erase-assessment';
import type { Config } from '../../platform/config';
import { defineJob, noPayload } from '../../platform/jobs/job-definition';
import type { JobQueue } from '../../platform/jobs/job-queue';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export function retentionCutoff(months: number, now = new Date()): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Each clean-up is idempotent: a run that failed halfway is simply run again. */
const cleanup = { payload: noPayload, attempts: 3, backoffSeconds: 5 * 60 };
export const retentionJob = defineJob({ name: 'retention', ...cleanup });
export const unreferencedUploadsJob = defineJob({ name: 'unreferenced-uploads', ...cleanup });
export const rateLimitPruneJob = defineJob({ name: 'rate-limit-prune', ...cleanup });

/**
 * The scheduled clean-up, hourly, on one instance of the cluster per hour (the job queue sees to
 * that): evaluated assessments older than RETENTION_MONTHS are erased when it is set; uploads no
 * answer refers to are removed after their grace period, always; and rate-limit windows no
 * longer counting are deleted.
 */
export function registerCleanupJobs(
  jobs: JobQueue,
  deps: Omit<RemovalDeps, 'log'> & { config: Pick<Config, 'retentionMonths' | 'practice'> },
): void {
  jobs.every(retentionJob, HOUR, async (_payload, { log }) => {
    const months = deps.config.retentionMonths;
    if (!months) return;
    const erased = await eraseExpiredAssessments({ ...deps, log }, retentionCutoff(months));
    if (erased.assessments > 0) log.info(erased, 'retention erased expired assessments');
  });
  jobs.every(unreferencedUploadsJob, HOUR, async (_payload, { log }) => {
    const uploads = await removeUnreferencedUploads({ ...deps, log });
    if (uploads > 0) log.info({ uploads }, 'removed uploads no answer refers to');
  });
  jobs.every(rateLimitPruneJob, HOUR, async () => {
    // Rate-limit windows are 15 minutes; a day-old one counts for nothing.
    await pruneRateLimits(deps.db, new Date(Date.now() - DAY));
  });
}
