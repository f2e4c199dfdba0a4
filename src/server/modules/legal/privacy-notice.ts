import { loadVersionedText, type VersionedText } from './legal-pages';
import type { PracticeProfile } from '../../platform/config';
import { DEFAULT_PRIVACY_NOTICE } from './default-notice';

export type PrivacyNotice = VersionedText;

/** The operator's notice from the data directory when present, else the default one. */
export function loadPrivacyNotice(
  dataDir: string,
  profile?: PracticeProfile,
): Promise<PrivacyNotice> {
  return loadVersionedText(dataDir, 'privacy-notice', DEFAULT_PRIVACY_NOTICE, profile);
}
