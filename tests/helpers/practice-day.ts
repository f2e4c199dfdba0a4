import { parseEnv } from '../../src/server/platform/config';
import { practiceCalendar } from '../../src/server/platform/calendar/practice-calendar';

/** The practice a test server has unless told otherwise: the configuration's defaults. */
const DEFAULTS = parseEnv({});

/** The default practice's working days and time zone, as the server counts them. */
export const PRACTICE_CALENDAR = practiceCalendar({
  region: DEFAULTS.PRACTICE_REGION,
  timeZone: DEFAULTS.PRACTICE_TIMEZONE,
});

/** The default practice's time zone (PRACTICE_TIMEZONE): the pages show days in it. */
export const PRACTICE_TIMEZONE = DEFAULTS.PRACTICE_TIMEZONE;

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

/**
 * A time zone whose calendar day is not the practice's at `moment`: a reader abroad. Pago Pago
 * is 12 or 13 hours behind Berlin, Kiritimati 12 or 13 ahead, so one of them always is.
 */
export function zoneOnAnotherDay(moment: Date): string {
  const dayIn = (timeZone: string) =>
    practiceCalendar({ region: DEFAULTS.PRACTICE_REGION, timeZone }).localDate(moment);
  const zone = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'].find(
    (candidate) => dayIn(candidate) !== PRACTICE_CALENDAR.localDate(moment),
  );
  if (!zone) throw new Error(`No zone on another day than ${PRACTICE_TIMEZONE}`);
  return zone;
}
