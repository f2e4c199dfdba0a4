import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSESSMENT_PRICE_CENTS, type Language } from '../../../shared/constants';
import type { PatientDetails, PaymentIntentResult } from '../../../shared/contracts/paywall';
import { fetchPaymentProvider } from './api';
import type { CouponState } from './checkout-types';
import { DemoCardForm } from './DemoCardForm';
import { CheckoutSubmit, PayButton } from './PayButton';
import { PaymentInitFailed } from './PaymentInitFailed';
import './payment-i18n';
import { formatEuros } from './pending-details';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

export interface PaymentStepProps {
  details: PatientDetails;
  language: Language;
  intent: PaymentIntentResult | null;
  totalCents: number;
  coupon: CouponState;
  initError: string | null;
  onApplyCoupon(code: string): void;
  onRemoveCoupon(): void;
  onRetryInit(): void;
  onBack(): void;
  onFreeCheckout(): Promise<void>;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}>{value}</Typography>
    </Box>
  );
}

function CouponField({
  coupon,
  onApply,
  onRemove,
  language,
}: {
  coupon: CouponState;
  onApply(code: string): void;
  onRemove(): void;
  language: Language;
}) {
  const { t } = useTranslation('paywall');
  const [code, setCode] = useState('');
  const applied = coupon.status === 'valid';
  const validating = coupon.status === 'validating';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validating && !applied && code.trim()) onApply(code.trim());
  };

  if (applied) {
    return (
      <Alert
        severity="success"
        icon={<LocalOfferOutlined />}
        action={
          <Button color="inherit" size="small" onClick={onRemove}>
            {t('coupon.remove')}
          </Button>
        }
        data-testid="coupon-applied"
      >
        {t('coupon.applied', {
          code: coupon.code,
          amount: formatEuros(coupon.discountCents, language),
        })}
      </Alert>
    );
  }
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1 }}>
      <TextField
        size="small"
        label={t('coupon.label')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={coupon.status === 'invalid'}
        helperText={coupon.status === 'invalid' ? coupon.error : undefined}
        fullWidth
        slotProps={{
          htmlInput: {
            autoCapitalize: 'characters',
            spellCheck: false,
            'data-testid': 'coupon-input',
          },
          formHelperText: { role: 'alert' } as object,
        }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={validating || !code.trim()}
        sx={{ flexShrink: 0, height: 40, minWidth: 96 }}
      >
        {validating ? (
          <CircularProgress size={18} aria-label={t('coupon.validating')} />
        ) : (
          t('coupon.apply')
        )}
      </Button>
    </Box>
  );
}

function FreeCheckout({ onSubmit }: { onSubmit(): Promise<void> }) {
  const { t } = useTranslation('paywall');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit();
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit}>
      <Alert severity="success" icon={<CheckCircleOutlined />}>
        {t('payment.free')}
      </Alert>
      <CheckoutSubmit
        label={busy ? t('payment.freeProcessing') : t('payment.freeSubmit')}
        busy={busy}
        error={error}
        testId="free-checkout-button"
      />
    </Box>
  );
}

/** Step 1: price summary, promo code, and the provider's card form with its pay button. */
export default function PaymentStep(props: PaymentStepProps) {
  const { t } = useTranslation('paywall');
  const { language, totalCents, coupon, intent, details } = props;
  const provider = useQuery({
    queryKey: ['payment-provider'],
    queryFn: fetchPaymentProvider,
    staleTime: Infinity,
  });
  const totalLabel = formatEuros(totalCents, language);

  const cardForm = () => {
    if (totalCents === 0) return <FreeCheckout onSubmit={props.onFreeCheckout} />;
    if (props.initError || provider.isError) {
      return (
        <PaymentInitFailed
          onRetry={() => (provider.isError ? void provider.refetch() : props.onRetryInit())}
        />
      );
    }
    const initializing = (
      <>
        <Skeleton variant="rounded" height={140} />
        <PayButton state="initializing" totalLabel={totalLabel} />
      </>
    );
    if (!intent || !provider.data) return initializing;
    const formProps = { intent, details, language, totalLabel };
    if (provider.data.provider === 'demo') return <DemoCardForm {...formProps} />;
    return (
      <Suspense fallback={initializing}>
        <StripeCardForm {...formProps} publishableKey={provider.data.publishableKey} />
      </Suspense>
    );
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
          p: 2,
          borderRadius: 2,
          bgcolor: 'grey.50',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {t('payment.payingAs')}
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {details.firstName} {details.lastName}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {details.email}
          </Typography>
        </Box>
        <Button size="small" onClick={props.onBack} startIcon={<ArrowBack />}>
          {t('payment.editDetails')}
        </Button>
      </Box>

      <Box component="section" aria-labelledby="summary-heading">
        <Typography id="summary-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('summary.heading')}
        </Typography>
        <Row
          label={t('summary.assessment')}
          value={formatEuros(ASSESSMENT_PRICE_CENTS, language)}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('summary.assessmentHint')}
        </Typography>
        {coupon.status === 'valid' && (
          <Row
            label={`${t('summary.discount')} (${coupon.code})`}
            value={`− ${formatEuros(Math.min(coupon.discountCents, ASSESSMENT_PRICE_CENTS), language)}`}
          />
        )}
        <Divider sx={{ my: 1 }} />
        <Box data-testid="order-total">
          <Row label={t('summary.total')} value={totalLabel} strong />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('summary.vatNote')}
        </Typography>
      </Box>

      <CouponField
        coupon={coupon}
        onApply={props.onApplyCoupon}
        onRemove={props.onRemoveCoupon}
        language={language}
      />

      <Box component="section" aria-labelledby="card-heading">
        <Typography id="card-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('payment.heading')}
        </Typography>
        {cardForm()}
        {totalCents > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center' }}>
            {t('payment.secureNote')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
