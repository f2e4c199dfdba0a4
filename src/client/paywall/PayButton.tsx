import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export type PaymentState = 'initializing' | 'ready' | 'processing' | 'failed';

/** "Pay €99.00", blocked until the card form is ready (SPEC 5 "Payment"). */
export function PayButton({ state, totalLabel }: { state: PaymentState; totalLabel: string }) {
  const { t } = useTranslation('paywall');
  const busy = state === 'initializing' || state === 'processing';
  const label =
    state === 'initializing'
      ? t('payment.initializing')
      : state === 'processing'
        ? t('payment.processing')
        : t('payment.pay', { amount: totalLabel });
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <LockOutlined />}
      sx={{ mt: 2, py: 1.4, fontSize: '1.05rem' }}
      data-testid="pay-button"
    >
      {label}
    </Button>
  );
}
