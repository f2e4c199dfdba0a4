import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDemoPayment } from './api';
import { paymentReturnUrl, type CardFormProps } from './checkout-types';
import { PayButton, type PaymentState } from './PayButton';

const COUNTRIES = ['DE', 'AT', 'CH', 'NL', 'BE', 'LU', 'FR', 'IT', 'ES', 'PL', 'DK', 'GB', 'US'];

const groupCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/**
 * The demo provider's card form: clearly labelled as test mode, it confirms the intent on the
 * server and then returns to /payment-success exactly as Stripe's redirect would.
 */
export function DemoCardForm({ intent, language, totalLabel }: CardFormProps) {
  const { t } = useTranslation('paywall');
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [country, setCountry] = useState('DE');
  const [state, setState] = useState<PaymentState>('ready');
  const [error, setError] = useState<string | null>(null);

  const countryNames = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code }));
  }, [language]);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (state === 'processing') return;
    setState('processing');
    setError(null);
    try {
      await confirmDemoPayment({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber,
        expiry: expiry.replace(/\s/g, ''),
        cvc,
        country,
      });
      window.location.assign(paymentReturnUrl(language, intent));
    } catch (caught) {
      setError((caught as Error).message || t('payment.failed'));
      setState('failed');
    }
  };

  return (
    <Box component="form" onSubmit={pay} noValidate aria-label={t('payment.cardHeading')}>
      <Alert
        severity="warning"
        icon={false}
        sx={{ mb: 2, alignItems: 'flex-start' }}
        action={
          <Chip
            label={t('demo.badge')}
            size="small"
            sx={{ bgcolor: 'grey.900', color: 'common.white', fontWeight: 700 }}
          />
        }
      >
        {t('demo.notice')}
      </Alert>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label={t('demo.cardNumber')}
          value={cardNumber}
          onChange={(e) => setCardNumber(groupCardNumber(e.target.value))}
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          required
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'demo-card-number' } }}
        />
        <TextField
          label={t('demo.expiry')}
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'demo-card-expiry' } }}
        />
        <TextField
          label={t('demo.cvc')}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
          autoComplete="cc-csc"
          placeholder="CVC"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'demo-card-cvc' } }}
        />
        <TextField
          select
          label={t('demo.country')}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { autoComplete: 'country' } }}
        >
          {countryNames.map(({ code, name }) => (
            <MenuItem key={code} value={code}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <PayButton state={state} totalLabel={totalLabel} error={error} />
    </Box>
  );
}
