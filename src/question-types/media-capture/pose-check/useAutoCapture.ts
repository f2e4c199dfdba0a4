import { useEffect, useReducer, useRef } from 'react';
import { COUNTDOWN_OFF, nextCountdown, type Countdown } from './countdown';

/** One countdown step a second. */
const STEP_MS = 1000;

/**
 * The automatic capture while `on`: the countdown starts when the pose is `ready` for the
 * shutter, stops when it breaks, and calls `capture` at its end (countdown.ts).
 */
export function useAutoCapture(on: boolean, ready: boolean, capture: () => void): Countdown {
  const [countdown, dispatch] = useReducer(nextCountdown, COUNTDOWN_OFF);
  useEffect(() => {
    if (!on) dispatch('switchedOff');
    else dispatch(ready ? 'ready' : 'broken');
  }, [on, ready]);

  const counting = countdown.phase === 'counting';
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => dispatch('tick'), STEP_MS);
    return () => clearInterval(timer);
  }, [counting]);

  // The latest capture function, without restarting the countdown when it changes.
  const captureRef = useRef(capture);
  captureRef.current = capture;
  const done = countdown.phase === 'done';
  useEffect(() => {
    if (done) captureRef.current();
  }, [done]);
  return countdown;
}
