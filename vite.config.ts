import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import type * as Prerender from './src/client/prerender';

const OUT_DIR = 'dist/client';

/** Replaces `search` in `text`, failing the build when the template no longer contains it. */
function replaceOnce(text: string, search: string, replacement: string): string {
  if (!text.includes(search)) throw new Error(`prerender: index.html lacks ${search}`);
  return text.replace(search, () => replacement);
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
      plugins: [react()],
      build: {
        ssr: 'prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const { renderPaywall, LANGUAGES } = (await import(
      pathToFileURL(join(ssrDir, 'prerender.mjs')).href
    )) as typeof Prerender;
    const template = await readFile(join(outDir, 'index.html'), 'utf8');
    for (const language of LANGUAGES) {
      const { html, head } = await renderPaywall(language);
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
  plugins: [react(), afterClientBuild()],
  root: 'src/client',
  publicDir: 'public',
  build: {
    outDir: `../../${OUT_DIR}`,
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
