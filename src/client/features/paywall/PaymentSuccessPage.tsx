import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { normalizeLanguage, STORAGE_KEYS } from '../../../shared/constants';
import { useAuth } from '../../lib/auth/auth-context';
import { ApiError } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { redeemCoupon, verifyPayment } from './api';
import './i18n';
import { clearCheckoutStorage, EMPTY_DETAILS, loadPendingDetails } from './pending-details';

/**
 * Where the payment provider returns: verifies once, signs in, opens the survey, then redeems a
 * stored coupon. Failure or a missing payment_intent goes back to the paywall (SPEC section 4).
 */
export default function PaymentSuccessPage() {
  const { t, i18n } = useTranslation('paywall');
  const { login } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const paymentIntentId = params.get('payment_intent');
    const clientSecret = params.get('payment_intent_client_secret') ?? undefined;
    const language = normalizeLanguage(params.get('language') ?? i18n.language);
    // The client secret proves this browser paid; it should not stay in the address bar or
    // the history once read.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!paymentIntentId) {
      navigate('/paywall', { replace: true });
      return;
    }
    const details = loadPendingDetails();
    const complete = details.email !== EMPTY_DETAILS.email;
    verifyPayment({ paymentIntentId, clientSecret, language, ...(complete ? details : {}) })
      .then((result) => {
        login(result);
        const coupon = storage.get(STORAGE_KEYS.appliedCouponCode);
        navigate('/app', { replace: true });
        const redeemed = coupon ? redeemCoupon(coupon, result.user.id) : Promise.resolve();
        // The server redeems the code with the payment already; this call is a harmless echo.
        void redeemed.catch(() => undefined).finally(clearCheckoutStorage);
      })
      .catch((caught: unknown) => {
        // A paid intent the server will not sign in for (already used, or not this browser's)
        // says what to do next.
        const message =
          caught instanceof ApiError && [403, 409].includes(caught.status) ? caught.message : true;
        navigate('/paywall', { replace: true, state: { verificationFailed: message } });
      });
  }, [i18n.language, login, navigate, params]);

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 6, md: 10 } }}>
      <Paper
        variant="outlined"
        role="status"
        aria-live="polite"
        sx={{
          p: { xs: 4, md: 6 },
          maxWidth: 480,
          width: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <CircularProgress size={48} aria-hidden />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('verifying')}
        </Typography>
        <Typography color="text.secondary">{t('verifyingHint')}</Typography>
      </Paper>
    </Box>
  );
}
