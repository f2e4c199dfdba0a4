import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../lib/auth/auth-context';
import { homeOf } from '../lib/auth/home';

/** Signed-in users are sent on; visitors see the page (SPEC section 2, routes / and /survey). */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  return isAuthenticated && user ? <Navigate to={homeOf(user)} replace /> : children;
}

export function SignedInOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? children : <Navigate to="/" replace />;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isAdmin } = useAuth();
  return isAuthenticated && isAdmin ? children : <Navigate to="/" replace />;
}
