import { apiRequest } from './api-client';

/** The practice's time zone once known; until then (or if it cannot be read) the browser's. */
let zone: string | undefined;
let loading: Promise<void> | undefined;

export const practiceTimeZone = (): string | undefined => zone;

/** Learns the practice's zone (once per page); dates formatted after it are in that zone. */
export function loadPracticeTimeZone(): Promise<void> {
  loading ??= apiRequest<{ timeZone: string }>('/api/practice-calendar', { auth: false }).then(
    (result) => {
      zone = result.timeZone;
    },
    // Dates in the browser's zone are better than no page.
    () => {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    },
  );
  return loading;
}

/**
 * Suspends a signed-in page until the practice's zone is known, so that no date is first shown
 * in the reader's zone and then changes.
 */
export function usePracticeTimeZone(): void {
  if (zone === undefined) throw loadPracticeTimeZone();
}
