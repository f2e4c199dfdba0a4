import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The app loads every module, and with it each module's messages.
import '../../src/server/app';
import { serverMessages } from '../../src/server/platform/i18n/messages';

/** Every folder holding an en.json and a de.json below a "locales" folder, nested ones too. */
function localeFolders(dir: string, inLocales = false): string[] {
  const found: string[] = [];
  const entries = readdirSync(dir);
  if (inLocales && entries.includes('en.json')) found.push(dir);
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory())
      found.push(...localeFolders(path, inLocales || entry === 'locales'));
  }
  return found;
}

/** Every text with its dotted key. */
function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    entries(child, prefix ? `${prefix}.${key}` : key),
  );
}

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

const folders = [...localeFolders('src/client'), ...localeFolders('src/question-types')];

describe('translations', () => {
  it('finds the locale folders of the client and of the question types', () => {
    expect(folders).toContain('src/client/features/paywall/locales/payment');
    expect(folders).toContain('src/question-types/pain_symptoms/locales/survey');
  });

  for (const folder of folders) {
    const name = folder.replace(/^src\//, '');
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

    it(`counts in the plural forms in ${name}, never "1 answers"`, () => {
      // A number followed by a word reads wrong for one unless the text has its _one form.
      for (const language of ['en', 'de']) {
        const texts = JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8'));
        const unpluralised = entries(texts).filter(
          ([key, text]) => /\{\{count\}\} \p{L}/u.test(text) && !/_(one|other)$/.test(key),
        );
        expect(unpluralised, `${language}.json`).toEqual([]);
      }
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

  it('calls a promo code "Gutscheincode" everywhere in German (pages, e-mails, invoices)', () => {
    // Spelled as German nouns, so identifiers (promoCode, promo-code.create) and English
    // texts ("promo code") do not count.
    const others = /\b(Aktionscode|Promo-Code|Promocode|Rabattcode)s?\b/;
    const offenders = sourceFiles('src').filter((file) => others.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|json|md)$/.test(entry) ? [path] : [];
  });
}
