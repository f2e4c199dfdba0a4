import './first-screen.css';
import { reloadOnceOnStaleChunk } from './lib/stale-chunk-reload';

reloadOnceOnStaleChunk();

/**
 * Imports requested together so their chunks download in parallel: the code of the page the
 * visit starts on (beyond the paywall's), React's graph, then the app's, then the start's, each
 * evaluated in its own task. Evaluated at once, the app's code is one long task in which the
 * page cannot answer a tap.
 */
function start() {
  void import('./app/page-code').then(({ requestPageCode }) =>
    requestPageCode(window.location.pathname),
  );
  void import('react-dom/client');
  void import('./app/App');
  void import('./start');
}

// A prerendered page is painted before the app's code runs: on a slow phone the HTML shows
// at once, and evaluating and hydrating the scripts does not hold it back.
if (document.getElementById('root')?.dataset.prerendered) {
  requestAnimationFrame(() => setTimeout(start));
} else {
  start();
}
