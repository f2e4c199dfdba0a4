/** The server's default practice time zone (PRACTICE_TIMEZONE): its pages show days in it. */
export const PRACTICE_TIMEZONE = 'Europe/Berlin';

/**
 * A moment's calendar day as the pages show it: in the practice's time zone, not the machine's.
 * Between midnight in Berlin and midnight UTC the two are different days.
 */
export function practiceDay(moment: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: PRACTICE_TIMEZONE,
  }).format(moment);
}
