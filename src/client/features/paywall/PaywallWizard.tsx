import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { normalizeLanguage, STORAGE_KEYS, totalAfterDiscount } from '../../../shared/constants';
import type { PatientDetails, PaymentIntentResult } from '../../../shared/contracts/paywall';
import { useAuth } from '../../lib/auth/auth-context';
import { ApiError } from '../../lib/api-client';
import { lazyThemed } from '../../lib/mui/lazy-themed';
import { Spinner } from '../../lib/Spinner';
import { storage } from '../../lib/storage';
import { createPaymentIntent, updatePaymentIntent, validateCoupon, verifyPayment } from './api';
import { IDLE_COUPON, type CouponState } from './checkout-types';
import { CheckoutSteps } from './CheckoutSteps';
import { DetailsForm } from './DetailsForm';
import { LazyQueryProvider } from '../../lib/lazy-query-provider';
import { clearCheckoutStorage, loadPendingDetails } from './pending-details';

// The payment step (coupon, card forms, with MUI) arrives when it is needed, or as soon as
// typing starts.
const loadPaymentStep = () => import('./PaymentStep');
const PaymentStep = lazyThemed(loadPaymentStep);

/** The two-step checkout of SPEC section 4: details, then payment. */
export function PaywallWizard() {
  const { t, i18n } = useTranslation('paywall');
  const language = normalizeLanguage(i18n.language);
  const { login } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<0 | 1>(0);
  const [details, setDetails] = useState<PatientDetails>(loadPendingDetails);
  const [intent, setIntent] = useState<PaymentIntentResult | null>(null);
  const [initializing, setInitializing] = useState(false);
  const [initError, setInitError] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<CouponState>(IDLE_COUPON);
  const prefetched = useRef(false);
  /**
   * The intent put aside while a promo code covers the whole price (SPEC section 4: cleared),
   * so that removing the code updates it again instead of creating another one.
   */
  const parked = useRef<PaymentIntentResult | null>(null);

  const discount = coupon.status === 'valid' ? coupon.discountCents : 0;
  const totalCents = totalAfterDiscount(discount);

  /** Creates or updates the intent for an amount; a total of 0 needs none. */
  const syncIntent = async (
    amount: number,
    couponCode: string | undefined,
    forDetails: PatientDetails,
  ) => {
    const existing = intent ?? parked.current;
    if (amount === 0) {
      parked.current = existing;
      setIntent(null);
      return;
    }
    const input = { amount, couponCode, details: forDetails, language };
    parked.current = null;
    if (existing) {
      try {
        setIntent(
          await updatePaymentIntent({
            ...input,
            paymentIntentId: existing.paymentIntentId,
            clientSecret: existing.clientSecret,
          }),
        );
        return;
      } catch (caught) {
        // Paid or gone meanwhile: start a fresh intent.
        if (!(caught instanceof ApiError) || ![404, 409].includes(caught.status)) throw caught;
      }
    }
    setIntent(await createPaymentIntent(input));
  };

  const submitDetails = async (next: PatientDetails) => {
    setDetails(next);
    setInitializing(true);
    setInitError(null);
    try {
      await syncIntent(totalCents, coupon.status === 'valid' ? coupon.code : undefined, next);
      setStep(1);
    } catch {
      setInitError(t('details.initFailed'));
    } finally {
      setInitializing(false);
    }
  };

  const applyCoupon = async (code: string) => {
    setCoupon({ ...IDLE_COUPON, status: 'validating' });
    try {
      const result = await validateCoupon(code);
      if (!result.valid) {
        setCoupon({
          ...IDLE_COUPON,
          status: 'invalid',
          error: result.error || t('coupon.invalid'),
        });
        return;
      }
      const normalized = code.trim().toUpperCase();
      await syncIntent(totalAfterDiscount(result.amountCents), normalized, details);
      storage.set(STORAGE_KEYS.appliedCouponCode, normalized);
      setCoupon({
        status: 'valid',
        code: normalized,
        discountCents: result.amountCents,
        error: null,
      });
    } catch (caught) {
      // The amount stays at (or returns to) the full price. A code another checkout took
      // meanwhile (400) or too many tries (429) come with the server's own words.
      const message =
        caught instanceof ApiError && [400, 429].includes(caught.status)
          ? caught.message
          : t('coupon.error');
      setCoupon({ ...IDLE_COUPON, status: 'invalid', error: message });
    }
  };

  const removeCoupon = async () => {
    setCoupon(IDLE_COUPON);
    storage.remove(STORAGE_KEYS.appliedCouponCode);
    setInitError(null);
    try {
      await syncIntent(totalAfterDiscount(0), undefined, details);
    } catch {
      setInitError(t('details.initFailed'));
    }
  };

  const retryInit = async () => {
    setInitError(null);
    try {
      await syncIntent(totalCents, coupon.status === 'valid' ? coupon.code : undefined, details);
    } catch {
      setInitError(t('details.initFailed'));
    }
  };

  /** A promo code worth the whole price: no card, the server checks the code covers it. */
  const freeCheckout = async () => {
    const result = await verifyPayment({ ...details, couponCode: coupon.code, language });
    login(result);
    clearCheckoutStorage();
    navigate('/app', { replace: true });
  };

  const prefetch = () => {
    if (prefetched.current) return;
    prefetched.current = true;
    void loadPaymentStep();
  };

  return (
    <div>
      <div className="paywall-steps">
        <CheckoutSteps
          labels={[t('steps.details'), t('steps.payment')]}
          active={step}
          label={t('steps.label')}
        />
      </div>
      {step === 0 ? (
        <div onFocusCapture={prefetch}>
          <DetailsForm
            initial={details}
            busy={initializing}
            error={initError}
            onSubmit={(next) => void submitDetails(next)}
          />
        </div>
      ) : (
        <Suspense
          fallback={
            <div className="paywall-payment-loading">
              <Spinner label={t('details.initializing')} />
            </div>
          }
        >
          <LazyQueryProvider>
            <PaymentStep
              details={details}
              language={language}
              intent={intent}
              totalCents={totalCents}
              coupon={coupon}
              initError={initError}
              onApplyCoupon={(code) => void applyCoupon(code)}
              onRemoveCoupon={() => void removeCoupon()}
              onRetryInit={() => void retryInit()}
              onBack={() => setStep(0)}
              onFreeCheckout={freeCheckout}
            />
          </LazyQueryProvider>
        </Suspense>
      )}
    </div>
  );
}
