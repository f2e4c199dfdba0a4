import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '../../../shared/constants';
import { DEFAULT_PRIVACY_NOTICE } from './default-notice';

export interface PrivacyNotice {
  /** Changes whenever the text changes; stored with every consent. */
  version: string;
  text: Record<Language, string>;
}

/** The operator's notice from the data directory when present, else the default one. */
export async function loadPrivacyNotice(dataDir: string): Promise<PrivacyNotice> {
  const read = async (language: Language) =>
    (await readFile(join(dataDir, `privacy-notice.${language}.md`), 'utf8').catch(() => null)) ??
    DEFAULT_PRIVACY_NOTICE[language];
  const text = { en: await read('en'), de: await read('de') };
  const version = createHash('sha256')
    .update(text.en)
    .update('\0')
    .update(text.de)
    .digest('hex')
    .slice(0, 12);
  return { version, text };
}
