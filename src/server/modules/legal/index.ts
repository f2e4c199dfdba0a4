import type { LegalPages } from './legal-pages';
import type { PrivacyNotice } from './privacy-notice';

/** The legal texts: imprint, terms, withdrawal information and privacy notice, versioned. */
export { loadLegalPages, loadVersionedText, type VersionedText } from './legal-pages';
export { loadPrivacyNotice, type PrivacyNotice } from './privacy-notice';
export { legalRoutes } from './routes';

declare module '../../platform/http/app-instance' {
  interface AppDeps {
    /** Imprint, terms and withdrawal information; agreement to the last two is stored at checkout. */
    legalPages: LegalPages;
    /** The privacy notice in force; consent at checkout names its version. */
    privacyNotice: PrivacyNotice;
  }
}
