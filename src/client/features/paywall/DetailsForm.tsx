import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PatientDetails } from '../../../shared/contracts/paywall';
import { localIsoDate } from '../../../shared/dates';
import { fetchLegalPage, fetchPrivacyNotice } from './api';
import type { DetailsErrors } from './details-validation';
import { OutlinedField } from '../../lib/OutlinedField';
import { useBrowserValue, useHydrated } from '../../lib/use-hydrated';
import { savePendingDetails } from './pending-details';

/** The boxes the patient ticks, each storing the version of the text it agrees to. */
const AGREEMENTS = {
  consent: 'consentVersion',
  terms: 'termsVersion',
  withdrawalWaiver: 'withdrawalVersion',
} as const;
type Agreement = keyof typeof AGREEMENTS;
type Field = Exclude<keyof PatientDetails, Agreement | (typeof AGREEMENTS)[Agreement]>;

const validation = () => import('./details-validation');

const FIELDS: Record<Field, { autoComplete: string; type?: string; label: string }> = {
  firstName: { autoComplete: 'given-name', label: 'details.firstName' },
  lastName: { autoComplete: 'family-name', label: 'details.lastName' },
  email: { autoComplete: 'email', type: 'email', label: 'details.email' },
  phone: { autoComplete: 'tel', type: 'tel', label: 'details.phone' },
  dateOfBirth: { autoComplete: 'bday', type: 'date', label: 'details.dateOfBirth' },
  address: { autoComplete: 'street-address', label: 'details.street' },
  postalCode: { autoComplete: 'postal-code', label: 'details.postalCode' },
  city: { autoComplete: 'address-level2', label: 'details.city' },
  state: { autoComplete: 'address-level1', label: 'details.state' },
};

interface Props {
  initial: PatientDetails;
  busy: boolean;
  error: string | null;
  onSubmit(details: PatientDetails): void;
}

/** Step 0: every field required, e-mail format, date of birth not after today (SPEC 5). */
export function DetailsForm({ initial, busy, error, onSubmit }: Props) {
  const { t } = useTranslation('paywall');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (patch: Partial<PatientDetails>) => {
    const next = { ...values, ...patch };
    setValues(next);
    savePendingDetails(next);
    if (submitted)
      void validation().then(({ validateDetails }) => setErrors(validateDetails(next)));
  };

  // Agreement is to the texts in force now: their versions are read when the form opens.
  const [versions, setVersions] = useState<Record<Agreement, string>>({
    consent: '',
    terms: '',
    withdrawalWaiver: '',
  });
  useEffect(() => {
    const keep = (name: Agreement) => (body: { version: string }) =>
      setVersions((current) => ({ ...current, [name]: body.version }));
    fetchPrivacyNotice().then(keep('consent'), () => undefined);
    fetchLegalPage('terms').then(keep('terms'), () => undefined);
    fetchLegalPage('withdrawal').then(keep('withdrawalWaiver'), () => undefined);
  }, []);
  const changeAgreement = (name: Agreement, given: boolean) =>
    change({ [name]: given, [AGREEMENTS[name]]: given ? versions[name] : '' });

  const link = (href: string) => (
    <Link href={href} target="_blank" rel="noopener">
      {' '}
    </Link>
  );
  const agreement = (name: Agreement, label: ReactNode) => (
    <FormControl error={Boolean(errors[name])} sx={{ mt: 1, display: 'flex' }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start' }}
        control={
          <Checkbox
            id={`details-${name}`}
            checked={values[name]}
            onChange={(event) => changeAgreement(name, event.target.checked)}
            slotProps={{ input: { 'aria-describedby': `details-${name}-help` } }}
            sx={{ mt: -0.75 }}
          />
        }
        label={<Typography variant="body2">{label}</Typography>}
      />
      <FormHelperText id={`details-${name}-help`}>
        {errors[name] ? t(errors[name]) : ' '}
      </FormHelperText>
    </FormControl>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { validateDetails, parseDetails } = await validation();
    const found = validateDetails(values);
    setErrors(found);
    const first = [...Object.keys(FIELDS), ...Object.keys(AGREEMENTS)].find(
      (field) => found[field as Field | Agreement],
    );
    if (first) {
      document.getElementById(`details-${first}`)?.focus();
      return;
    }
    onSubmit(parseDetails(values));
  };

  // The latest date of birth: not in the prerendered HTML, whose day has passed by the time it
  // is served.
  const today = useBrowserValue(localIsoDate);
  const hydrated = useHydrated();
  const field = (name: Field, extra: { wide?: boolean } = {}) => {
    const meta = FIELDS[name];
    const message = errors[name];
    return (
      <OutlinedField
        id={`details-${name}`}
        name={name}
        label={t(meta.label)}
        type={meta.type ?? 'text'}
        value={values[name]}
        onChange={(event) => change({ [name]: event.target.value })}
        required
        autoComplete={meta.autoComplete}
        error={Boolean(message)}
        helperText={message ? t(message) : ' '}
        sx={extra.wide ? { gridColumn: { sm: '1 / -1' } } : undefined}
        shrinkLabel={meta.type === 'date' ? true : undefined}
        htmlInput={{
          ...(meta.type === 'date' ? { max: today, min: '1900-01-01' } : {}),
          // Typed into the static page, it would be reset by hydration.
          readOnly: !hydrated,
          'data-testid': `details-${name}`,
        }}
      />
    );
  };

  const section = (title: string, children: ReactNode) => (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {children}
      </Box>
    </Box>
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      // Fetched while the patient types, so submitting does not wait for it; not at load,
      // where evaluating it would compete with the page becoming interactive.
      onFocusCapture={() => void validation()}
      aria-describedby="details-intro"
    >
      <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
        {t('details.heading')}
      </Typography>
      <Typography id="details-intro" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {t('details.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {section(
          t('details.personal'),
          <>
            {field('firstName')}
            {field('lastName')}
            {field('email')}
            {field('phone')}
            {field('dateOfBirth')}
          </>,
        )}
        {section(
          t('details.address'),
          <>
            {field('address', { wide: true })}
            {field('postalCode')}
            {field('city')}
            {field('state', { wide: true })}
          </>,
        )}
      </Box>
      {agreement(
        'consent',
        <Trans t={t} i18nKey="details.consent" components={{ notice: link('/privacy') }} />,
      )}
      {agreement(
        'terms',
        <Trans
          t={t}
          i18nKey="details.terms"
          components={{ terms: link('/terms'), withdrawal: link('/withdrawal') }}
        />,
      )}
      {agreement('withdrawalWaiver', t('details.withdrawalWaiver'))}
      {error && (
        <Typography role="alert" color="error" sx={{ mt: 1 }}>
          {error}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          // Before hydration a click would send the form natively, details in the address.
          type={hydrated ? 'submit' : 'button'}
          aria-disabled={hydrated ? undefined : true}
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {busy ? t('details.initializing') : t('details.submit')}
        </Button>
      </Box>
    </Box>
  );
}
