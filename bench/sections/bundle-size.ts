import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Figure } from '../report';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const DIST = 'dist/client';

/** The JavaScript a chunk needs before it runs: itself and its static imports, transitively. */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(manifest, child, seen);
  return seen;
}

async function gzipSize(files: Iterable<string>): Promise<number> {
  let total = 0;
  for (const file of files)
    total += gzipSync(await readFile(join(DIST, file)), { level: 9 }).length;
  return total;
}

/** Sizes of the built client, as the browser downloads them (gzip). Run after `vite build`. */
export async function measureBundles(): Promise<Figure[]> {
  const manifest = JSON.parse(
    await readFile(join(DIST, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  // The entry starts the app through dynamic imports (after the first paint): what they need
  // is the paywall's JavaScript as much as the entry's own static imports.
  const entry = closure(manifest, entryKey);
  for (const key of manifest[entryKey]!.dynamicImports ?? []) closure(manifest, key, entry);
  const files = (keys: Set<string>) => [...keys].map((key) => manifest[key]!.file);
  const lazy = (pattern: RegExp) => {
    const keys = new Set<string>();
    for (const key of Object.keys(manifest)) {
      if (manifest[key]!.isDynamicEntry && pattern.test(key)) closure(manifest, key, keys);
    }
    for (const key of entry) keys.delete(key);
    return keys;
  };
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return [
    {
      section: 'client',
      name: 'paywall route JavaScript (gzip)',
      value: kb(await gzipSize(files(entry))),
      unit: 'KB',
      goal: '<= 150',
    },
    {
      section: 'client',
      name: 'survey chunks on top (gzip)',
      // The survey page and its question types' inputs, which it fetches with the questions.
      value: kb(await gzipSize(files(lazy(/^(features\/survey\/|\.\.\/question-types\/)/)))),
      unit: 'KB',
    },
    {
      section: 'client',
      name: 'admin chunks on top (gzip)',
      value: kb(
        await gzipSize(files(lazy(/^features\/(questions|responses|promo-codes|review|audit)\//))),
      ),
      unit: 'KB',
    },
  ];
}
