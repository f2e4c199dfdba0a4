import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from './document-title';
import { useAuth } from '../lib/auth/auth-context';
import { RenderSlice } from '../lib/render-slices';
import { LanguageSelector } from '../lib/LanguageSelector';
import { lazyThemed } from '../lib/mui/lazy-themed';
import { Notice } from '../lib/Notice';

/** The legal pages, linked from every page's footer. */
const FOOTER_LINKS = [
  { to: '/imprint', key: 'footer.imprint' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/withdrawal', key: 'footer.withdrawal' },
] as const;

// Visitors, and so the paywall, never see the navigation: it arrives with a session. A
// patient's is plain HTML, as the survey below it; an administrator's brings MUI.
const PatientNavigation = lazy(() => import('./PatientNavigation'));
const AdminNavigation = lazyThemed(() => import('./AdminNavigation'));

/** The frame of every page, in plain HTML (`shell.css`): no MUI before the first input. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { languageError, isAuthenticated, isAdmin } = useAuth();
  useDocumentTitle();
  return (
    <div className="shell">
      <RenderSlice>
        <header className="shell-header">
          <div className="shell-toolbar">
            <RouterLink to="/" className="shell-brand">
              <img
                src="/logo.svg"
                alt={t('logoAlt')}
                width={36}
                height={36}
                className="shell-logo"
              />
              <span className="shell-title">{t('appTitle')}</span>
            </RouterLink>
            {isAuthenticated && (
              <Suspense fallback={null}>
                {isAdmin ? <AdminNavigation /> : <PatientNavigation />}
              </Suspense>
            )}
          </div>
        </header>
      </RenderSlice>
      {languageError && (
        <Notice severity="error" role="alert" className="shell-language-error">
          {t(languageError)}
        </Notice>
      )}
      <RenderSlice>
        <main className="shell-main">{children}</main>
      </RenderSlice>
      <RenderSlice>
        <footer className="shell-footer">
          <div className="container shell-footer-row">
            <nav aria-label={t('footer.legal')} className="shell-legal">
              {FOOTER_LINKS.map((link) => (
                <RouterLink key={link.to} to={link.to}>
                  {t(link.key)}
                </RouterLink>
              ))}
              {/* With the links, so a phone's fixed footer grows by no row of its own. */}
              <span data-testid="copyright">
                {t('footer.copyright', { year: new Date().getFullYear(), name: t('appTitle') })}
              </span>
            </nav>
            <LanguageSelector />
          </div>
        </footer>
      </RenderSlice>
    </div>
  );
}
