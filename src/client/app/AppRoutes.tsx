import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PaymentSuccessPage } from '../paywall/PaymentSuccessPage';
import { PaywallPage } from '../paywall/PaywallPage';
import { PageLoader } from './PageLoader';
import { AdminOnly, SignedInOnly, VisitorOnly } from './route-guards';

// Survey and admin code arrive only when needed, so the paywall stays light.
const SurveyPage = lazy(() => import('../survey/SurveyPage'));
const QuestionsPage = lazy(() => import('../admin/QuestionsPage'));
const ResponsesPage = lazy(() => import('../admin/ResponsesPage'));
const PromoCodesPage = lazy(() => import('../admin/PromoCodesPage'));
const ReviewQueuePage = lazy(() => import('../review/ReviewQueuePage'));
const AuditLogPage = lazy(() => import('../audit/AuditLogPage'));
const PrivacyNoticePage = lazy(() => import('../privacy/PrivacyNoticePage'));

/** Routes of SPEC section 2; any unknown path (including /paywall) shows the paywall. */
export function AppRoutes() {
  const home = (
    <VisitorOnly signedInTo="/app">
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
            <VisitorOnly signedInTo="/app">
              <Navigate to="/" replace />
            </VisitorOnly>
          }
        />
        <Route
          path="/app"
          element={
            <SignedInOnly>
              <SurveyPage />
            </SignedInOnly>
          }
        />
        <Route
          path="/admin"
          element={
            <AdminOnly>
              <QuestionsPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/responses"
          element={
            <AdminOnly>
              <ResponsesPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/promo-codes"
          element={
            <AdminOnly>
              <PromoCodesPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/review"
          element={
            <AdminOnly>
              <ReviewQueuePage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/audit"
          element={
            <AdminOnly>
              <AuditLogPage />
            </AdminOnly>
          }
        />
        <Route path="/privacy" element={<PrivacyNoticePage />} />
        <Route path="/payment-success" element={<PaymentSuccessPage />} />
        <Route path="*" element={home} />
      </Routes>
    </Suspense>
  );
}
