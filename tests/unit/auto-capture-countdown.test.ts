import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_OFF,
  COUNTDOWN_SECONDS,
  nextCountdown,
  type Countdown,
  type CountdownEvent,
} from '../../src/question-types/media-capture/pose-check/countdown';

const run = (events: CountdownEvent[], from: Countdown = COUNTDOWN_OFF) =>
  events.reduce(nextCountdown, from);

describe('automatic capture countdown (issue 31)', () => {
  it('counts 3-2-1 once the pose is ready, then takes the photo', () => {
    expect(COUNTDOWN_SECONDS).toBe(3);
    expect(run(['ready'])).toEqual({ phase: 'counting', remaining: 3 });
    expect(run(['ready', 'tick'])).toEqual({ phase: 'counting', remaining: 2 });
    expect(run(['ready', 'tick', 'tick'])).toEqual({ phase: 'counting', remaining: 1 });
    expect(run(['ready', 'tick', 'tick', 'tick'])).toEqual({ phase: 'done' });
  });

  it('stops when the pose breaks and starts again from 3 when it holds again', () => {
    expect(run(['ready', 'tick', 'broken'])).toEqual({ phase: 'cancelled' });
    expect(run(['ready', 'tick', 'broken', 'tick'])).toEqual({ phase: 'cancelled' });
    expect(run(['ready', 'tick', 'broken', 'ready'])).toEqual({ phase: 'counting', remaining: 3 });
  });

  it('does nothing before the pose is ready, and nothing once switched off', () => {
    expect(run(['tick', 'broken', 'tick'])).toEqual(COUNTDOWN_OFF);
    expect(run(['ready', 'tick', 'switchedOff', 'tick'])).toEqual(COUNTDOWN_OFF);
    // A pose that stays ready does not restart a running countdown.
    expect(run(['ready', 'tick', 'ready'])).toEqual({ phase: 'counting', remaining: 2 });
  });
});
