import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { languageOfHeader, translate } from '../i18n/messages';

/** The built browser app, found from the project root; absent in API-only test runs. */
export function clientDistDir(): string {
  return resolve(process.cwd(), 'dist', 'client');
}

/**
 * Serves the built client. `/` gets the paywall prerendered in the visitor's language; any other
 * GET outside /api and /assets that is not a file gets index.html, so the browser router handles
 * it (unknown paths fall to the paywall there). A missing asset is a 404: during a rolling
 * deploy a tab of the other build asks for chunks this one lacks, and index.html in their place
 * would fail as a script with no way to recover.
 */
export async function registerClientAssets(app: FastifyInstance, root = clientDistDir()) {
  const hasClient = existsSync(join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      preCompressed: true,
      index: false,
      maxAge: '1y',
      immutable: true,
      setHeaders: (res, path) => {
        if (!path.startsWith(join(root, 'assets'))) res.header('cache-control', 'no-cache');
      },
    });
  }
  // The build prerenders the paywall per language (vite.config.ts); a build without them
  // serves index.html for `/` as for every other page.
  const prerendered = hasClient && existsSync(join(root, 'paywall.en.html'));
  app.setNotFoundHandler((request, reply) => {
    const isAsset = request.url.startsWith('/assets/');
    if (request.method === 'GET' && !request.url.startsWith('/api') && !isAsset && hasClient) {
      void reply.code(200).header('cache-control', 'no-cache');
      if (prerendered && new URL(request.url, 'http://host').pathname === '/') {
        // The browser's first language picks the page, as the client's own detection does.
        const language = languageOfHeader(request.headers['accept-language']);
        return reply.header('vary', 'Accept-Language').sendFile(`paywall.${language}.html`);
      }
      return reply.sendFile('index.html');
    }
    // Not cached by a proxy: the asset may exist on the next instance asked.
    if (isAsset) reply.header('cache-control', 'no-store');
    const language = languageOfHeader(request.headers['accept-language']);
    return reply
      .status(404)
      .send({ message: translate(language, 'errors.notFound'), code: 'errors.notFound' });
  });
}
