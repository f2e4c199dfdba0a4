import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { Language } from '../shared/constants';

export { LANGUAGES } from '../shared/constants';
import { AppContent } from './app/App';
import i18n from './lib/i18n';

/** Emotion's server output: a style element in front of each element it styles. */
const STYLE_TAG = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

const LEADING_LINKS = /^(?:<link [^>]*\/>)+/;

/**
 * The paywall's first screen (`/`, no session) as HTML, with the CSS it needs, for the build
 * to write into paywall.<language>.html. Emotion renders its styles inline beside the elements;
 * they move into one head element per kind, named the way Emotion's browser cache recognises
 * them, so hydration adopts them instead of inserting the same rules again.
 */
export async function renderPaywall(language: Language): Promise<{ html: string; head: string }> {
  await i18n.changeLanguage(language);
  const rendered = renderToString(
    <StaticRouter location="/">
      <AppContent />
    </StaticRouter>,
  );
  const globals = new Map<string, string>();
  const classes = new Map<string, string>();
  const html = rendered.replace(STYLE_TAG, (_tag, names: string, css: string) => {
    const [key, ...ids] = names.split(' ');
    const target = key === 'css-global' ? globals : classes;
    const id = ids.join(' ');
    if (!target.has(id)) target.set(id, css);
    return '';
  });
  // React puts preloads of the page's images (the logo) in front: they belong in the head.
  const preloads = html.match(LEADING_LINKS)?.[0] ?? '';
  const head = [
    preloads,
    ...[...globals].map(([id, css]) => `<style data-emotion="css-global ${id}">${css}</style>`),
    `<style data-emotion="css ${[...classes.keys()].join(' ')}">${[...classes.values()].join('')}</style>`,
  ].join('');
  return { html: html.slice(preloads.length), head };
}
