import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type PaymentState = 'initializing' | 'ready' | 'processing' | 'failed';

/** The checkout's submit button, spinning while busy, with the payment's failure above it. */
export function CheckoutSubmit({
  label,
  busy,
  icon,
  error,
  testId,
}: {
  label: string;
  busy: boolean;
  icon?: ReactNode;
  error: string | null;
  testId: string;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="payment-error">
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : icon}
        sx={{ mt: 2, py: 1.4, fontSize: '1.05rem' }}
        data-testid={testId}
      >
        {label}
      </Button>
    </>
  );
}

/** "Pay €99.00", blocked until the card form is ready (SPEC 5 "Payment"). */
export function PayButton({
  state,
  totalLabel,
  error = null,
}: {
  state: PaymentState;
  totalLabel: string;
  error?: string | null;
}) {
  const { t } = useTranslation('paywall');
  const label =
    state === 'initializing'
      ? t('payment.initializing')
      : state === 'processing'
        ? t('payment.processing')
        : t('payment.pay', { amount: totalLabel });
  return (
    <CheckoutSubmit
      label={label}
      busy={state === 'initializing' || state === 'processing'}
      icon={<LockOutlined />}
      error={error}
      testId="pay-button"
    />
  );
}
