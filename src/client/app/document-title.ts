import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';

/** Each route's name in the tab's title (WCAG 2.4.2), as a key of the common texts. */
const PAGE_TITLES: [pattern: string, key: string][] = [
  ['/app', 'titles.survey'],
  ['/admin', 'nav.questions'],
  ['/admin/responses', 'nav.responses'],
  ['/admin/promo-codes', 'nav.promoCodes'],
  ['/admin/review', 'nav.review'],
  ['/admin/assessments/:id', 'titles.assessment'],
  ['/admin/audit', 'nav.audit'],
  ['/privacy', 'footer.privacy'],
  ['/imprint', 'footer.imprint'],
  ['/terms', 'footer.terms'],
  ['/withdrawal', 'footer.withdrawal'],
  ['/payment-success', 'titles.paymentSuccess'],
];

/**
 * The document title names the page and the product in the page's language, and follows both
 * the route and a change of language; any other path is the paywall (SPEC section 2).
 */
export function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const key =
      PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? 'titles.paywall';
    document.title = t('titles.pattern', { page: t(key), app: t('appTitle') });
  }, [pathname, i18n.language, t]);
}
