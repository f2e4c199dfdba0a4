import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * `browserValue()` in the browser; undefined in the paywall prerendered at build time and while
 * the browser hydrates it, so hydration meets the HTML it was given, then renders the value.
 */
export function useBrowserValue<T>(browserValue: () => T): T | undefined {
  return useSyncExternalStore(noSubscription, browserValue, () => undefined);
}

const always = () => true;

/**
 * False in the paywall prerendered at build time and while the browser hydrates it, true from
 * then on (and at once in a page rendered in the browser). Until then a button has no handler
 * and React would reset what was typed into a field, so such controls say they are not ready.
 */
export const useHydrated = () => useBrowserValue(always) ?? false;
