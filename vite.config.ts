import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type BuildOptions, type Plugin } from 'vite';
import type * as Prerender from './src/client/prerender';
import { FACE_LIBRARY_ALIAS, faceModelFiles } from './vite.face-model';

const OUT_DIR = 'dist/client';

/**
 * The client is written against React's API and runs on Preact's implementation of it
 * (preact/compat): about 10 KB gzip instead of React DOM's 60, and less to evaluate before a
 * phone answers a tap (issue 19; docs/architecture.md). Every React import resolves here, the
 * JSX runtime included, in the browser build and in the prerender alike.
 */
const REACT_ON_PREACT = {
  alias: [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    { find: /^react(-dom)?$/, replacement: 'preact/compat' },
    FACE_LIBRARY_ALIAS,
  ],
};

/**
 * MUI and React Router mark their modules "use client" for React Server Components, which a
 * browser bundle has no use for; React Router looks for React 19's useOptimistic and does
 * without it when it is absent. Everything else is reported.
 */
const skipKnownWarnings: NonNullable<BuildOptions['rollupOptions']>['onwarn'] = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
  warn(warning);
};

/** Replaces `search` in `text`, failing the build when the template no longer contains it. */
function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`prerender: index.html lacks ${search}`);
  return text.replace(search, () => replacement);
}

/** The stylesheet Vite links in index.html (the first screens' CSS) as the page's own. */
const STYLESHEET = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/;

/**
 * index.html with its stylesheet inline: the prerendered paywall then paints from its first
 * response, with no request for CSS in between.
 */
async function inlineStylesheet(outDir: string, html: string): Promise<string> {
  const link = STYLESHEET.exec(html);
  if (!link) throw new Error('prerender: index.html links no stylesheet');
  const css = await readFile(join(outDir, link[1]!), 'utf8');
  return html.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * Writes paywall.en.html and paywall.de.html: index.html with the paywall's first screen and its
 * CSS already in it, which the server sends for `/` so a phone paints before any script runs.
 * The client hydrates it (src/client/main.tsx). Rendered by a server build of
 * src/client/prerender.tsx, run once here and thrown away.
 */
async function prerenderPaywall(outDir: string): Promise<void> {
  // Inside the project, so the server build finds its packages in node_modules.
  await mkdir('node_modules/.cache', { recursive: true });
  const ssrDir = resolve(await mkdtemp('node_modules/.cache/prerender-'));
  try {
    await build({
      configFile: false,
      root: 'src/client',
      logLevel: 'warn',
      resolve: REACT_ON_PREACT,
      // Bundled, not loaded from node_modules at run time: there React Router and
      // react-i18next would import React itself rather than Preact, and render nothing.
      ssr: { noExternal: true },
      build: {
        ssr: 'prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: {
          output: { entryFileNames: 'prerender.mjs' },
          onwarn: skipKnownWarnings,
        },
      },
    });
    const { renderPaywall, LANGUAGES } = (await import(
      pathToFileURL(join(ssrDir, 'prerender.mjs')).href
    )) as typeof Prerender;
    const template = await inlineStylesheet(
      outDir,
      await readFile(join(outDir, 'index.html'), 'utf8'),
    );
    for (const language of LANGUAGES) {
      const { html, head } = await renderPaywall(language);
      // A library rendering through another React than the build's renders nothing, silently.
      if (!html.includes('id="details-firstName"'))
        throw new Error(`prerender: the ${language} paywall has no details form`);
      let page = replaceOnce(template, '<html lang="en">', `<html lang="${language}">`);
      page = replaceOnce(page, '</head>', `${head}</head>`);
      page = replaceOnce(
        page,
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${language}">${html}</div>`,
      );
      await writeFile(join(outDir, `paywall.${language}.html`), page);
    }
  } finally {
    await rm(ssrDir, { recursive: true, force: true });
  }
}

/** Writes .br and .gz beside each text asset; the server sends them to browsers that accept them. */
async function precompress(outDir: string): Promise<void> {
  const files = await readdir(outDir, { recursive: true });
  for (const file of files) {
    if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes('.vite')) continue;
    const path = join(outDir, file);
    const content = await readFile(path);
    if (content.length < 1024) continue;
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
    await writeFile(
      `${path}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/**
 * After the client build: the prerendered pages first, then every file compressed, in the
 * directory the build wrote (`--outDir` included).
 */
function afterClientBuild(): Plugin {
  let outDir = OUT_DIR;
  return {
    name: 'after-client-build',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderPaywall(outDir);
      await precompress(outDir);
    },
  };
}

export default defineConfig({
  plugins: [faceModelFiles(), afterClientBuild()],
  root: 'src/client',
  resolve: REACT_ON_PREACT,
  publicDir: 'public',
  build: {
    outDir: `../../${OUT_DIR}`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: { onwarn: skipKnownWarnings },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
