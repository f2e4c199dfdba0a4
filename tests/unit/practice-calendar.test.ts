import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/platform/config';
import { practiceCalendar } from '../../src/server/platform/calendar/practice-calendar';

const berlin = practiceCalendar({ region: 'DE-BE', timeZone: 'Europe/Berlin' });
const due = (iso: string) => berlin.addWorkingDays(new Date(iso), 2).toISOString();

describe('evaluation due date: two working days of a Berlin practice', () => {
  it('counts Monday to Friday, keeping the time of day', () => {
    expect(due('2026-11-18T10:30:00Z')).toBe('2026-11-20T10:30:00.000Z'); // Wednesday → Friday
    expect(due('2026-11-19T10:30:00Z')).toBe('2026-11-23T10:30:00.000Z'); // Thursday → Monday
    expect(due('2026-11-20T10:30:00Z')).toBe('2026-11-24T10:30:00.000Z'); // Friday → Tuesday
    expect(due('2026-11-21T10:30:00Z')).toBe('2026-11-24T10:30:00.000Z'); // Saturday → Tuesday
    expect(due('2026-11-22T10:30:00Z')).toBe('2026-11-24T10:30:00.000Z'); // Sunday → Tuesday
  });

  it('skips Good Friday and Easter Monday', () => {
    // Thursday 2 April 2026, 11:00 in Berlin (summer time): Friday 3 and Monday 6 are holidays.
    expect(due('2026-04-02T09:00:00Z')).toBe('2026-04-08T09:00:00.000Z');
    // Completed on Easter Monday itself: Tuesday and Wednesday count.
    expect(due('2026-04-06T09:00:00Z')).toBe('2026-04-08T09:00:00.000Z');
  });

  it('skips both Christmas days, and New Year', () => {
    // Wednesday 23 December 2026: Thursday 24 counts (not a public holiday), Friday 25 does not,
    // Saturday 26 is a weekend day anyway; Monday 28 is the second working day.
    expect(due('2026-12-23T15:00:00Z')).toBe('2026-12-28T15:00:00.000Z');
    // Wednesday 24 December 2025: Thursday 25 and Friday 26 are both Christmas holidays.
    expect(due('2025-12-24T08:00:00Z')).toBe('2025-12-30T08:00:00.000Z');
    // Wednesday 31 December 2025: Thursday 1 January is New Year.
    expect(due('2025-12-31T08:00:00Z')).toBe('2026-01-05T08:00:00.000Z');
  });

  it('counts from the Berlin date of a submission just after midnight, not the UTC date', () => {
    // Saturday 21 November 2026, 00:15 in Berlin is still Friday 23:15 in UTC. Counting UTC days
    // would give Tuesday 23:15 UTC, which is already Wednesday in Berlin.
    const submitted = new Date('2026-11-20T23:15:00Z');
    expect(berlin.localDate(submitted)).toBe('2026-11-21');
    expect(berlin.addWorkingDays(submitted, 2).toISOString()).toBe('2026-11-23T23:15:00.000Z');
    expect(berlin.localDate(berlin.addWorkingDays(submitted, 2))).toBe('2026-11-24');
  });

  it('keeps the local time across a change to winter time', () => {
    // Friday 23 October 2026, 09:00 CEST (07:00 UTC); clocks go back on Sunday 25 October.
    expect(due('2026-10-23T07:00:00Z')).toBe('2026-10-27T08:00:00.000Z'); // Tuesday 09:00 CET
  });

  it('follows the region: Bavaria also rests on Epiphany, Berlin does not', () => {
    const bavaria = practiceCalendar({ region: 'DE-BY', timeZone: 'Europe/Berlin' });
    // Monday 5 January 2026, 10:00 in Germany.
    expect(berlin.addWorkingDays(new Date('2026-01-05T09:00:00Z'), 1).toISOString()).toBe(
      '2026-01-06T09:00:00.000Z',
    );
    expect(bavaria.addWorkingDays(new Date('2026-01-05T09:00:00Z'), 1).toISOString()).toBe(
      '2026-01-07T09:00:00.000Z',
    );
  });
});

describe('times as the practice reads them', () => {
  it('prints the Berlin time with its zone in English and German', () => {
    const moment = new Date('2026-04-08T09:00:00Z');
    expect(berlin.formatDateTime(moment, 'en')).toBe('8 Apr 2026, 11:00 CEST');
    expect(berlin.formatDateTime(moment, 'de')).toBe('8. Apr. 2026, 11:00 MESZ');
    expect(berlin.formatDateTime(new Date('2026-12-28T15:00:00Z'), 'en')).toBe(
      '28 Dec 2026, 16:00 CET',
    );
  });
});

describe('practice configuration', () => {
  it('defaults to Berlin and refuses an unknown region or time zone', () => {
    const base = { NODE_ENV: 'test' };
    expect(parseEnv(base)).toMatchObject({
      PRACTICE_REGION: 'DE-BE',
      PRACTICE_TIMEZONE: 'Europe/Berlin',
    });
    expect(() => parseEnv({ ...base, PRACTICE_REGION: 'DE-XX' })).toThrow(/PRACTICE_REGION/);
    expect(() => parseEnv({ ...base, PRACTICE_TIMEZONE: 'Europe/Atlantis' })).toThrow(
      /PRACTICE_TIMEZONE/,
    );
    expect(
      parseEnv({ ...base, PRACTICE_REGION: 'AT-9', PRACTICE_TIMEZONE: 'Europe/Vienna' }),
    ).toBeTruthy();
  });
});
