/**
 * Adds working days (Monday to Friday) to a moment, keeping its time of day. Days are counted
 * in UTC, so a completion at any hour of a Friday is due on the Tuesday after.
 */
export function addWorkingDays(start: Date, days: number): Date {
  const result = new Date(start.getTime());
  let added = 0;
  while (added < days) {
    result.setUTCDate(result.getUTCDate() + 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) added += 1;
  }
  return result;
}

/** The evaluation is promised within about two working days of completing the survey. */
export const EVALUATION_WORKING_DAYS = 2;
