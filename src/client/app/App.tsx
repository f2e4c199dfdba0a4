import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../lib/auth/AuthProvider';
import { AppRoutes } from './AppRoutes';
import { AppShell } from './AppShell';

/**
 * The app inside a router: the browser's, or the static one the build prerenders with. No MUI
 * here: the shell and the paywall are plain HTML with the CSS of `first-screen.css`; what uses
 * MUI brings its theme along (`lib/mui/lazy-themed.tsx`).
 */
export function AppContent() {
  return (
    <AuthProvider>
      <AppShell>
        <AppRoutes />
      </AppShell>
    </AuthProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
