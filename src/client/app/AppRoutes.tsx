import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LEGAL_PAGES } from '../../shared/constants';
import { PaywallPage } from '../features/paywall/PaywallPage';
import { LazyQueryProvider } from '../lib/lazy-query-provider';
import { lazyThemed } from '../lib/mui/lazy-themed';
import { PageLoader } from '../lib/PageLoader';
import { loadSurveyPage } from './page-code';
import { AdminOnly, SignedInOnly, VisitorOnly } from './route-guards';

// Survey and admin code arrive only when needed, so the paywall stays light; the admin's with
// MUI. The survey's first screen is plain HTML and CSS: its MUI parts bring MUI themselves.
const SurveyPage = lazy(loadSurveyPage);
const QuestionsPage = lazyThemed(() => import('../features/questions/QuestionsPage'));
const PatientsPage = lazyThemed(() => import('../features/patients/PatientsPage'));
const PromoCodesPage = lazyThemed(() => import('../features/promo-codes/PromoCodesPage'));
const ReviewQueuePage = lazyThemed(() => import('../features/review/ReviewQueuePage'));
const AssessmentPage = lazyThemed(() => import('../features/evaluation/AssessmentPage'));
const AuditLogPage = lazyThemed(() => import('../features/audit/AuditLogPage'));
const PrivacyNoticePage = lazyThemed(() => import('../features/privacy/PrivacyNoticePage'));
const LegalPage = lazyThemed(() => import('../features/legal/LegalPage'));
const PaymentSuccessPage = lazyThemed(() => import('../features/paywall/PaymentSuccessPage'));

/** The survey, whose code is requested together with the query provider's, not after it. */
function SurveyRoute() {
  void loadSurveyPage();
  return (
    <LazyQueryProvider>
      <SurveyPage />
    </LazyQueryProvider>
  );
}

/** Routes of SPEC section 2; any unknown path (including /paywall) shows the paywall. */
export function AppRoutes() {
  const home = (
    <VisitorOnly>
      <PaywallPage />
    </VisitorOnly>
  );
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={home} />
        <Route
          path="/survey"
          element={
            <VisitorOnly>
              <Navigate to="/" replace />
            </VisitorOnly>
          }
        />
        <Route
          path="/app"
          element={
            <SignedInOnly>
              <SurveyRoute />
            </SignedInOnly>
          }
        />
        <Route
          path="/admin"
          element={
            <AdminOnly>
              <LazyQueryProvider>
                <QuestionsPage />
              </LazyQueryProvider>
            </AdminOnly>
          }
        />
        <Route
          path="/admin/responses"
          element={
            <AdminOnly>
              <LazyQueryProvider>
                <PatientsPage />
              </LazyQueryProvider>
            </AdminOnly>
          }
        />
        <Route
          path="/admin/promo-codes"
          element={
            <AdminOnly>
              <LazyQueryProvider>
                <PromoCodesPage />
              </LazyQueryProvider>
            </AdminOnly>
          }
        />
        <Route
          path="/admin/review"
          element={
            <AdminOnly>
              <LazyQueryProvider>
                <ReviewQueuePage />
              </LazyQueryProvider>
            </AdminOnly>
          }
        />
        <Route
          path="/admin/assessments/:id"
          element={
            <AdminOnly>
              <LazyQueryProvider>
                <AssessmentPage />
              </LazyQueryProvider>
            </AdminOnly>
          }
        />
        <Route
          path="/admin/audit"
          element={
            <AdminOnly>
              <LazyQueryProvider>
                <AuditLogPage />
              </LazyQueryProvider>
            </AdminOnly>
          }
        />
        <Route
          path="/privacy"
          element={
            <LazyQueryProvider>
              <PrivacyNoticePage />
            </LazyQueryProvider>
          }
        />
        {LEGAL_PAGES.map((page) => (
          <Route
            key={page}
            path={`/${page}`}
            element={
              <LazyQueryProvider>
                <LegalPage page={page} />
              </LazyQueryProvider>
            }
          />
        ))}
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="*" element={home} />
      </Routes>
    </Suspense>
  );
}
