import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../lib/auth/auth-context';
import { homeOf } from '../lib/auth/home';
import { usePracticeTimeZone } from '../lib/practice-zone';

/** Signed-in users are sent on; visitors see the page (SPEC section 2, routes / and /survey). */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  return isAuthenticated && user ? <Navigate to={homeOf(user)} replace /> : children;
}

export function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  usePracticeTimeZone();
  return isAuthenticated ? children : <Navigate to="/" replace />;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isAdmin } = useAuth();
  usePracticeTimeZone();
  return isAuthenticated && isAdmin ? children : <Navigate to="/" replace />;
}
