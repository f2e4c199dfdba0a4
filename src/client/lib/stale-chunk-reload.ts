const RELOADED_AT_KEY = 'stale_chunk_reload_at';
/** A chunk still missing this soon after a reload is not a deploy: show the error instead. */
const GUARD_MS = 60_000;

/**
 * After a deploy, an open tab asks for chunks of the build it started with, which the server no
 * longer has (404). Reloading fetches the new build; the guard in sessionStorage allows one
 * reload a minute, so a chunk that stays missing cannot make the page reload forever.
 */
export function reloadOnceOnStaleChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
      if (Date.now() - last < GUARD_MS) return;
      window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    } catch {
      // No storage, no guard: let the error show rather than risk a reload loop.
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
