/** The app's start, loaded by main.tsx: hydrates the prerendered paywall or renders afresh. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { STORAGE_KEYS } from '../shared/constants';
import { renderInSlices } from './lib/render-slices';
import { detectBrowserLanguage } from './lib/i18n';
import { App } from './app/App';
import { storage } from './lib/storage';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * The server sends `/` prerendered (paywall.<language>.html): a visitor's empty checkout in the
 * language of Accept-Language. It is hydrated only when this browser would render exactly that;
 * a session, details typed earlier, navigation state or another language render afresh over it.
 */
function matchesPrerender(): boolean {
  const language = container.dataset.prerendered;
  return (
    language !== undefined &&
    language === detectBrowserLanguage() &&
    window.location.pathname === '/' &&
    !(window.history.state as { usr?: unknown } | null)?.usr &&
    storage.get(STORAGE_KEYS.authToken) === null &&
    storage.get(STORAGE_KEYS.pendingUserInfo) === null
  );
}

if (matchesPrerender()) {
  renderInSlices(() => hydrateRoot(container, app));
} else {
  renderInSlices(() => createRoot(container).render(app));
}
