import { lazy } from 'react';

/**
 * Server state (TanStack Query) is used by the survey, the admin pages and the payment step,
 * all loaded on demand; the provider arrives with them rather than with the paywall.
 */
export const loadQueryProvider = () => import('./QueryProvider');
export const LazyQueryProvider = lazy(loadQueryProvider);
