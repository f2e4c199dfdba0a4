import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentReturnUrl, type CardFormProps } from './checkout-types';
import { PayButton, type PaymentState } from './PayButton';
import { PaymentInitFailed } from './PaymentInitFailed';

// One Stripe.js per publishable key; loading it fetches the provider's script from its own host.
const stripePromises = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripePromises.has(key)) {
    const loading = loadStripe(key);
    // A failed load (offline, blocked script) may be retried later.
    loading.catch(() => stripePromises.delete(key));
    stripePromises.set(key, loading);
  }
  return stripePromises.get(key)!;
};

function StripePaymentForm({ intent, details, language, totalLabel }: CardFormProps) {
  const { t } = useTranslation('paywall');
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A coupon changes the intent's amount; the Payment Element picks that up.
  useEffect(() => {
    if (ready) void elements?.fetchUpdates();
  }, [elements, intent.amount, ready]);

  const state: PaymentState = processing
    ? 'processing'
    : ready && stripe
      ? 'ready'
      : 'initializing';

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || state !== 'ready') return;
    setProcessing(true);
    setError(null);
    try {
      const { error: failure } = await stripe.confirmPayment({
        elements,
        confirmParams: {
          return_url: paymentReturnUrl(language),
          payment_method_data: {
            billing_details: {
              name: `${details.firstName} ${details.lastName}`.trim(),
              email: details.email,
            },
          },
        },
      });
      // Only reached when confirmation failed; success leaves for the return URL.
      setError(failure?.message || t('payment.failed'));
    } catch {
      setError(t('payment.failed'));
    }
    setProcessing(false);
  };

  return (
    <Box component="form" onSubmit={pay} noValidate aria-label={t('payment.cardHeading')}>
      <PaymentElement
        onReady={() => setReady(true)}
        options={{
          layout: 'tabs',
          fields: { billingDetails: { name: 'never', email: 'never' } },
        }}
      />
      <PayButton state={state} totalLabel={totalLabel} error={error} />
    </Box>
  );
}

/** Stripe's Payment Element; loaded lazily so the paywall's own bundle stays small. */
export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const theme = useTheme();
  const [attempt, setAttempt] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const stripe = useMemo(
    () => (attempt >= 0 ? stripeFor(props.publishableKey) : null),
    [props.publishableKey, attempt],
  );
  useEffect(() => {
    let current = true;
    stripe?.then(
      (loaded) => current && setLoadFailed(!loaded),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);

  if (loadFailed) {
    return (
      <PaymentInitFailed
        onRetry={() => {
          setLoadFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <Elements
      // The card form language follows the interface (de/en); a change remounts it.
      key={`${props.intent.clientSecret}-${props.language}-${attempt}`}
      stripe={stripe}
      options={{
        clientSecret: props.intent.clientSecret,
        locale: props.language,
        appearance: {
          theme: 'stripe',
          variables: {
            colorPrimary: theme.palette.primary.main,
            borderRadius: '8px',
            fontFamily: theme.typography.fontFamily,
          },
        },
      }}
    >
      <StripePaymentForm {...props} />
    </Elements>
  );
}
