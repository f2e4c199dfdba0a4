/**
 * The optional automatic capture (issue 31): once the pose has held long enough for the shutter,
 * a countdown of COUNTDOWN_SECONDS runs, one step a second, and the photo is taken at its end.
 * It stops when the pose breaks and starts again from the top once the pose holds again.
 */
export const COUNTDOWN_SECONDS = 3;

/**
 * off: not switched on, or the pose is not ready yet; counting: the seconds left; cancelled: the
 * pose broke during the countdown; done: take the photo.
 */
export type Countdown =
  | { phase: 'off' }
  | { phase: 'counting'; remaining: number }
  | { phase: 'cancelled' }
  | { phase: 'done' };

/** ready/broken: the pose is ready for the shutter or no longer; tick: a second has passed. */
export type CountdownEvent = 'ready' | 'broken' | 'tick' | 'switchedOff';

export const COUNTDOWN_OFF: Countdown = { phase: 'off' };

export function nextCountdown(state: Countdown, event: CountdownEvent): Countdown {
  switch (event) {
    case 'switchedOff':
      return COUNTDOWN_OFF;
    case 'ready':
      return state.phase === 'counting' || state.phase === 'done'
        ? state
        : { phase: 'counting', remaining: COUNTDOWN_SECONDS };
    case 'broken':
      return state.phase === 'counting' ? { phase: 'cancelled' } : state;
    case 'tick':
      if (state.phase !== 'counting') return state;
      return state.remaining > 1
        ? { phase: 'counting', remaining: state.remaining - 1 }
        : { phase: 'done' };
  }
}
