import Holidays from 'date-holidays';
import type { Language } from '../../../shared/constants';

/**
 * The practice's calendar: its time zone decides what "today" and "a working day" are, and the
 * public holidays of its region (e.g. "DE-BE", Berlin) are not working days.
 */
export interface PracticeCalendar {
  readonly region: string;
  readonly timeZone: string;
  /** The moment `days` working days after `start`, at the same local time of day. */
  addWorkingDays(start: Date, days: number): Date;
  /** The practice's calendar date at a moment, as YYYY-MM-DD. */
  localDate(moment: Date): string;
  /** A date and time as the practice reads it, with the zone named ("8 Apr 2026, 10:30 CEST"). */
  formatDateTime(moment: Date, language: Language): string;
}

/** The evaluation is promised within about two working days of completing the survey. */
export const EVALUATION_WORKING_DAYS = 2;

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** "DE" or "DE-BE" (country, optionally a state), as date-holidays knows them; null if unknown. */
export function parseRegion(region: string): { country: string; state?: string } | null {
  const [country = '', state, ...rest] = region.toUpperCase().split('-');
  if (rest.length > 0) return null;
  const known = new Holidays();
  if (!Object.hasOwn(known.getCountries() ?? {}, country)) return null;
  if (state === undefined) return { country };
  return Object.hasOwn(known.getStates(country) ?? {}, state) ? { country, state } : null;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const isoDate = ({ year, month, day }: Pick<LocalTime, 'year' | 'month' | 'day'>) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

function createCalendar(region: string, timeZone: string): PracticeCalendar {
  const parsed = parseRegion(region);
  if (!parsed) throw new Error(`Unknown practice region ${region}`);
  const holidays = parsed.state
    ? new Holidays(parsed.country, parsed.state, { types: ['public'] })
    : new Holidays(parsed.country, { types: ['public'] });
  const holidaysByYear = new Map<number, Set<string>>();
  const isHoliday = (date: string) => {
    const year = Number(date.slice(0, 4));
    let dates = holidaysByYear.get(year);
    if (!dates) {
      dates = new Set(holidays.getHolidays(year).map((holiday) => holiday.date.slice(0, 10)));
      holidaysByYear.set(year, dates);
    }
    return dates.has(date);
  };

  const partsFormat = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const toLocal = (moment: Date): LocalTime => {
    const parts = Object.fromEntries(
      partsFormat.formatToParts(moment).map((part) => [part.type, Number(part.value)]),
    );
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
      millisecond: moment.getUTCMilliseconds(),
    };
  };
  const localAsUtc = (local: LocalTime) =>
    Date.UTC(
      local.year,
      local.month - 1,
      local.day,
      local.hour,
      local.minute,
      local.second,
      local.millisecond,
    );
  /** The instant of a local time; the offset is looked up twice so a DST change between is right. */
  const fromLocal = (local: LocalTime): Date => {
    const wanted = localAsUtc(local);
    let guess = wanted;
    for (let i = 0; i < 2; i++) guess = wanted - (localAsUtc(toLocal(new Date(guess))) - guess);
    return new Date(guess);
  };

  const formats = new Map<Language, Intl.DateTimeFormat>();
  const formatFor = (language: Language) => {
    let format = formats.get(language);
    if (!format) {
      format = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
        timeZone,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      });
      formats.set(language, format);
    }
    return format;
  };

  return {
    region,
    timeZone,
    addWorkingDays(start, days) {
      const local = toLocal(start);
      // A calendar day is stepped as a UTC date: no zone offset can shift it.
      const day = new Date(Date.UTC(local.year, local.month - 1, local.day));
      let added = 0;
      while (added < days) {
        day.setUTCDate(day.getUTCDate() + 1);
        const weekday = day.getUTCDay();
        if (weekday !== 0 && weekday !== 6 && !isHoliday(day.toISOString().slice(0, 10))) {
          added += 1;
        }
      }
      return fromLocal({
        ...local,
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
      });
    },
    localDate: (moment) => isoDate(toLocal(moment)),
    formatDateTime: (moment, language) => formatFor(language).format(moment),
  };
}

const calendars = new Map<string, PracticeCalendar>();

/** The calendar of a practice configuration (PRACTICE_REGION, PRACTICE_TIMEZONE), built once. */
export function practiceCalendar(practice: { region: string; timeZone: string }): PracticeCalendar {
  const key = `${practice.region}|${practice.timeZone}`;
  let calendar = calendars.get(key);
  if (!calendar) {
    calendar = createCalendar(practice.region, practice.timeZone);
    calendars.set(key, calendar);
  }
  return calendar;
}
