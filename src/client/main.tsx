import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { App } from './app/App';
import { reloadOnceOnStaleChunk } from './lib/stale-chunk-reload';

reloadOnceOnStaleChunk();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
