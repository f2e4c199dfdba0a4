import { describe, expect, it } from 'vitest';
import { addWorkingDays } from '../../src/shared/working-days';

const day = (iso: string) => new Date(`${iso}T10:30:00Z`);

describe('evaluation due date: two working days after completion', () => {
  it('is Friday for a Wednesday completion', () => {
    expect(addWorkingDays(day('2026-11-18'), 2).toISOString()).toBe('2026-11-20T10:30:00.000Z');
  });

  it('is Tuesday for a Friday completion', () => {
    expect(addWorkingDays(day('2026-11-20'), 2).toISOString()).toBe('2026-11-24T10:30:00.000Z');
  });

  it('is Tuesday for a completion on Saturday or Sunday', () => {
    expect(addWorkingDays(day('2026-11-21'), 2).toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(addWorkingDays(day('2026-11-22'), 2).toISOString().slice(0, 10)).toBe('2026-11-24');
  });

  it('is Monday for a Thursday completion', () => {
    expect(addWorkingDays(day('2026-11-19'), 2).toISOString().slice(0, 10)).toBe('2026-11-23');
  });
});
