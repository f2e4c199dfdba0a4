/** A storage area that never throws (private mode, full quota, blocked storage). */
function safe(area: () => Storage) {
  return {
    get(key: string): string | null {
      try {
        return area().getItem(key);
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        area().setItem(key, value);
      } catch {
        // Storage unavailable: the session simply does not survive a reload.
      }
    },
    remove(key: string): void {
      try {
        area().removeItem(key);
      } catch {
        // See set().
      }
    },
  };
}

/** Local storage: shared by the browser's tabs, kept across visits. */
export const storage = safe(() => window.localStorage);

/** This tab's own storage, kept across its page loads only. */
export const tabStorage = safe(() => window.sessionStorage);
