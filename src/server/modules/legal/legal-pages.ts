import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../../../shared/constants';
import type { LegalPageName } from '../../../shared/contracts/legal';
import type { Config } from '../../platform/config';
import type { PracticeProfile } from '../../platform/config';
import { DEFAULT_TERMS, DEFAULT_WITHDRAWAL } from './default-pages';
import { defaultImprint, fillPractice } from './practice-texts';

export interface VersionedText {
  /** Changes whenever the text changes; stored with every agreement to it. */
  version: string;
  text: Record<Language, string>;
}

/**
 * A text the operator may replace with `<name>.en.md` and `<name>.de.md` in the data directory
 * (each language on its own), else the shipped one; versioned by its content as written, the
 * practice's details filled in afterwards (fillPractice).
 */
export async function loadVersionedText(
  dataDir: string,
  name: string,
  defaults: Record<Language, string>,
  profile?: PracticeProfile,
): Promise<VersionedText> {
  const read = async (language: Language) =>
    (await readFile(join(dataDir, `${name}.${language}.md`), 'utf8').catch(() => null)) ??
    defaults[language];
  const text = { en: await read('en'), de: await read('de') };
  const version = createHash('sha256')
    .update(text.en)
    .update('\0')
    .update(text.de)
    .digest('hex')
    .slice(0, 12);
  if (!profile) return { version, text };
  return {
    version,
    text: { en: fillPractice(text.en, profile, 'en'), de: fillPractice(text.de, profile, 'de') },
  };
}

export type LegalPages = Record<LegalPageName, VersionedText>;

/** The imprint, terms and withdrawal information in force, read once at start. */
export async function loadLegalPages(
  config: Pick<Config, 'dataDir' | 'profile'>,
): Promise<LegalPages> {
  return {
    imprint: await loadVersionedText(config.dataDir, 'imprint', defaultImprint(config.profile)),
    terms: await loadVersionedText(config.dataDir, 'terms', DEFAULT_TERMS),
    withdrawal: await loadVersionedText(
      config.dataDir,
      'withdrawal',
      DEFAULT_WITHDRAWAL,
      config.profile,
    ),
  };
}
