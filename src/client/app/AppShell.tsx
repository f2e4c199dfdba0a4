import DownloadIcon from '@mui/icons-material/Download';
import MenuIcon from '@mui/icons-material/Menu';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { InvoiceButton } from '../features/invoices/InvoiceButton';
import { useAuth } from '../lib/auth/auth-context';
import { DownloadNavButton } from '../lib/DownloadNavButton';
import { LanguageSelector } from '../lib/LanguageSelector';

const ADMIN_LINKS = [
  { to: '/admin', key: 'nav.questions' },
  { to: '/admin/responses', key: 'nav.responses' },
  { to: '/admin/promo-codes', key: 'nav.promoCodes' },
  { to: '/admin/review', key: 'nav.review' },
  { to: '/admin/audit', key: 'nav.audit' },
  { to: '/app', key: 'nav.survey' },
] as const;

/** The legal pages, linked from every page's footer. */
const FOOTER_LINKS = [
  { to: '/imprint', key: 'footer.imprint' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/terms', key: 'footer.terms' },
  { to: '/withdrawal', key: 'footer.withdrawal' },
] as const;

/** A patient's copy of everything stored about them (GDPR Art. 15 and 20). */
function MyDataButton() {
  const { t } = useTranslation();
  return (
    <DownloadNavButton
      url="/api/me/export.zip"
      filename="my-assessment-data.zip"
      label={t('nav.myData')}
      hint={t('nav.myDataHint')}
      failedHint={t('nav.myDataFailed')}
      icon={<DownloadIcon />}
    />
  );
}

function Navigation() {
  const { t } = useTranslation();
  const { isAuthenticated, isAdmin, logout } = useAuth();
  const { pathname } = useLocation();
  const compact = useMediaQuery('(max-width:1199.95px)');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  if (!isAuthenticated) return null;
  if (!isAdmin) {
    return (
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <InvoiceButton />
        <MyDataButton />
        <Button color="inherit" onClick={logout}>
          {t('nav.logout')}
        </Button>
      </Box>
    );
  }
  if (compact) {
    return (
      <>
        <IconButton
          color="inherit"
          aria-label={t('nav.mainNavigation')}
          onClick={(e) => setMenuAnchor(e.currentTarget)}
        >
          <MenuIcon />
        </IconButton>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {ADMIN_LINKS.map((link) => (
            <MenuItem
              key={link.to}
              component={RouterLink}
              to={link.to}
              selected={pathname === link.to}
              onClick={() => setMenuAnchor(null)}
            >
              {t(link.key)}
            </MenuItem>
          ))}
          <MenuItem onClick={logout}>{t('nav.logout')}</MenuItem>
        </Menu>
      </>
    );
  }
  return (
    <Box component="nav" aria-label={t('nav.mainNavigation')} sx={{ display: 'flex', gap: 0.5 }}>
      {ADMIN_LINKS.map((link) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          color="inherit"
          aria-current={pathname === link.to ? 'page' : undefined}
          sx={{ bgcolor: pathname === link.to ? 'rgba(0,0,0,0.22)' : undefined }}
        >
          {t(link.key)}
        </Button>
      ))}
      <Button color="inherit" onClick={logout}>
        {t('nav.logout')}
      </Button>
    </Box>
  );
}

export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { languageError } = useAuth();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
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
          <Navigation />
        </Toolbar>
      </AppBar>
      {languageError && (
        <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
          {t(languageError)}
        </Alert>
      )}
      <Box component="main" sx={{ flexGrow: 1, pb: { xs: 14, sm: 11 } }}>
        {children}
      </Box>
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
              >
                {t(link.key)}
              </Link>
            ))}
          </Box>
          <LanguageSelector />
        </Container>
      </Box>
    </Box>
  );
}
