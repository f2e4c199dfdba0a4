import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from './document-title';
import { useAuth } from '../lib/auth/auth-context';
import { RenderSlice } from '../lib/render-slices';
import { LanguageSelector } from '../lib/LanguageSelector';

/** The legal pages, linked from every page's footer. */
const FOOTER_LINKS = [
  { to: '/imprint', key: 'footer.imprint' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/withdrawal', key: 'footer.withdrawal' },
] as const;

// Visitors, and so the paywall, never see the navigation: it arrives with a session.
const SignedInNavigation = lazy(() => import('./SignedInNavigation'));

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { languageError, isAuthenticated } = useAuth();
  useDocumentTitle();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <RenderSlice>
        <AppBar position="sticky" elevation={0}>
          <Toolbar sx={{ gap: 1.5 }}>
            <Box
              component={RouterLink}
              to="/"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                color: 'inherit',
                textDecoration: 'none',
                flexGrow: 1,
                minWidth: 0,
              }}
            >
              <Box
                component="img"
                src="/logo.svg"
                alt={t('logoAlt')}
                width={36}
                height={36}
                sx={{ borderRadius: 1, bgcolor: 'common.white', flexShrink: 0 }}
              />
              <Typography
                variant="h6"
                component="span"
                noWrap
                sx={{ fontWeight: 700, fontSize: { xs: '1rem', sm: '1.25rem' } }}
              >
                {t('appTitle')}
              </Typography>
            </Box>
            {isAuthenticated && (
              <Suspense fallback={null}>
                <SignedInNavigation />
              </Suspense>
            )}
          </Toolbar>
        </AppBar>
      </RenderSlice>
      {languageError && (
        <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
          {t(languageError)}
        </Alert>
      )}
      <RenderSlice>
        <Box component="main" sx={{ flexGrow: 1, pb: { xs: 14, sm: 11 } }}>
          {children}
        </Box>
      </RenderSlice>
      <RenderSlice>
        <Box
          component="footer"
          sx={{
            position: 'fixed',
            bottom: 0,
            left: 0,
            right: 0,
            zIndex: (theme) => theme.zIndex.appBar,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
            py: 1,
          }}
        >
          <Container
            maxWidth="lg"
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Box
              component="nav"
              aria-label={t('footer.legal')}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                columnGap: 2,
                rowGap: 0.25,
                flex: '1 1 0',
                minWidth: 0,
              }}
            >
              {FOOTER_LINKS.map((link) => (
                <Link
                  key={link.to}
                  component={RouterLink}
                  to={link.to}
                  variant="body2"
                  color="text.secondary"
                  // Wrapped on a phone, the rows of links stay 24 px apart (WCAG target size).
                  sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
                >
                  {t(link.key)}
                </Link>
              ))}
              {/* With the links, so a phone's fixed footer grows by no row of its own. */}
              <Typography
                variant="body2"
                component="span"
                color="text.secondary"
                data-testid="copyright"
                sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
              >
                {t('footer.copyright', { year: new Date().getFullYear(), name: t('appTitle') })}
              </Typography>
            </Box>
            <LanguageSelector />
          </Container>
        </Box>
      </RenderSlice>
    </Box>
  );
}
