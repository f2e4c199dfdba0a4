import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../src/server/i18n/messages';

function localeFolders(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    if (entry === 'locales') found.push(path);
    else found.push(...localeFolders(path));
  }
  return found;
}

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const folders = localeFolders('src/client');

describe('translations', () => {
  it('finds the locale folders of the client', () => {
    expect(folders.length).toBeGreaterThan(0);
  });

  for (const folder of folders) {
    const name = dirname(folder).replace('src/client/', '');
    it(`has the same keys in English and German for ${name}`, () => {
      const en = keys(JSON.parse(readFileSync(join(folder, 'en.json'), 'utf8')));
      const de = keys(JSON.parse(readFileSync(join(folder, 'de.json'), 'utf8')));
      expect(
        en.filter((key) => !de.includes(key)),
        'missing in German',
      ).toEqual([]);
      expect(
        de.filter((key) => !en.includes(key)),
        'missing in English',
      ).toEqual([]);
    });

    it(`has no empty texts in ${name}`, () => {
      for (const language of ['en', 'de']) {
        const text = readFileSync(join(folder, `${language}.json`), 'utf8');
        expect(text, `${language}.json`).not.toMatch(/:\s*""/);
      }
    });
  }

  it('has every API message in English and German', () => {
    const en = Object.keys(serverMessages.en).sort();
    expect(Object.keys(serverMessages.de).sort()).toEqual(en);
    for (const key of en)
      expect(serverMessages.de[key as keyof typeof serverMessages.de]).toBeTruthy();
  });
});
