import './first-screen.css';
import { reloadOnceOnStaleChunk } from './lib/stale-chunk-reload';

reloadOnceOnStaleChunk();

/**
 * Imports requested one task after another, so their chunks download in parallel: the code of
 * the page the visit starts on (beyond the paywall's), React's graph, the translations, then
 * the app's and the start's, each evaluated in its own task. Evaluated at once, the app's code
 * is one long task in which the page cannot answer a tap; requested in one task, asking for
 * every chunk (a `modulepreload` link each) was one too on a slow phone.
 */
const IMPORTS = [
  () =>
    import('./app/page-code').then(({ requestPageCode }) =>
      requestPageCode(window.location.pathname),
    ),
  () => import('react-dom/client'),
  () => import('./lib/i18n'),
  () => import('./app/App'),
  () => import('./start'),
];

function start() {
  for (const load of IMPORTS) setTimeout(() => void load());
}

// A prerendered page is painted before the app's code runs: on a slow phone the HTML shows
// at once, and evaluating and hydrating the scripts does not hold it back.
if (document.getElementById('root')?.dataset.prerendered) {
  requestAnimationFrame(() => setTimeout(start));
} else {
  start();
}
