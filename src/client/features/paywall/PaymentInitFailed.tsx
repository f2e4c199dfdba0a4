import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** The payment form could not be set up (the provider, its script or the intent): try again. */
export function PaymentInitFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('paywall');
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('payment.retry')}
        </Button>
      }
    >
      {t('payment.initFailed')}
    </Alert>
  );
}
