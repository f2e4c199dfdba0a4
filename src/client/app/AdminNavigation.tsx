import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AdminProfileDialog } from '../features/admin-profile/AdminProfileDialog';
import { useAuth } from '../lib/auth/auth-context';
import { LazyQueryProvider } from '../lib/lazy-query-provider';

const ADMIN_LINKS = [
  { to: '/admin', key: 'nav.questions' },
  { to: '/admin/responses', key: 'nav.responses' },
  { to: '/admin/promo-codes', key: 'nav.promoCodes' },
  { to: '/admin/review', key: 'nav.review' },
  { to: '/admin/audit', key: 'nav.audit' },
  { to: '/app', key: 'nav.survey' },
] as const;

/** The header's navigation for an administrator: the admin area, their profile, Logout. */
export default function AdminNavigation() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const { pathname } = useLocation();
  const compact = useMediaQuery('(max-width:1199.95px)');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  // The header is outside the pages' query provider: the dialog brings its own, once opened.
  const profile = profileOpen && (
    <Suspense fallback={null}>
      <LazyQueryProvider>
        <AdminProfileDialog open onClose={() => setProfileOpen(false)} />
      </LazyQueryProvider>
    </Suspense>
  );

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
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              setProfileOpen(true);
            }}
          >
            {t('nav.profile')}
          </MenuItem>
          <MenuItem onClick={logout}>{t('nav.logout')}</MenuItem>
        </Menu>
        {profile}
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
      <Button color="inherit" onClick={() => setProfileOpen(true)}>
        {t('nav.profile')}
      </Button>
      <Button color="inherit" onClick={logout}>
        {t('nav.logout')}
      </Button>
      {profile}
    </Box>
  );
}
