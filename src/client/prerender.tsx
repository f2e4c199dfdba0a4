import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { Language } from '../shared/constants';

export { LANGUAGES } from '../shared/constants';
import { AppContent } from './app/App';
import i18n from './lib/i18n';

const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

/**
 * The paywall's first screen (`/`, no session) as HTML, for the build to write into
 * paywall.<language>.html. Its CSS is the built `first-screen.css`, which the build puts
 * inline beside it; nothing on this screen styles itself at run time.
 */
export async function renderPaywall(language: Language): Promise<{ html: string; head: string }> {
  await i18n.changeLanguage(language);
  const html = renderToString(
    <StaticRouter location="/">
      <AppContent />
    </StaticRouter>,
  );
  // React puts preloads of the page's images (the logo) in front: they belong in the head.
  const head = html.match(LEADING_LINKS)?.[0] ?? '';
  return { html: html.slice(head.length), head };
}
