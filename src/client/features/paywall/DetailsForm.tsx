import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { PatientDetails } from '../../../shared/contracts/paywall';
import { fetchLegalPage, fetchPrivacyNotice } from './api';
import type { DetailsErrors } from './details-validation';
import { RenderSlice } from '../../lib/render-slices';
import { AGREEMENTS, DETAIL_FIELDS, type Agreement, type DetailFieldName } from './detail-fields';
import { AgreementBox } from './AgreementBox';
import { DetailField } from './DetailField';
import { DetailsSubmitButton } from './DetailsSubmitButton';
import { savePendingDetails } from './pending-details';

const validation = () => import('./details-validation');

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

  // Agreement is to the texts in force now: their versions are read when the form opens. They
  // change nothing on screen, so they wait in a ref rather than re-rendering the form.
  const versions = useRef<Record<Agreement, string>>({
    consent: '',
    terms: '',
    withdrawalWaiver: '',
  });
  useEffect(() => {
    const keep = (name: Agreement) => (body: { version: string }) => {
      versions.current[name] = body.version;
    };
    fetchPrivacyNotice().then(keep('consent'), () => undefined);
    fetchLegalPage('terms').then(keep('terms'), () => undefined);
    fetchLegalPage('withdrawal').then(keep('withdrawalWaiver'), () => undefined);
  }, []);
  const changeAgreement = (name: Agreement, given: boolean) =>
    change({ [name]: given, [AGREEMENTS[name]]: given ? versions.current[name] : '' });

  const link = (href: string) => (
    <a href={href} target="_blank" rel="noopener" className="link">
      {' '}
    </a>
  );
  const agreement = (name: Agreement, label: ReactNode) => (
    <RenderSlice>
      <AgreementBox
        id={`details-${name}`}
        checked={values[name]}
        onChange={(given) => changeAgreement(name, given)}
        label={label}
        error={errors[name] ? t(errors[name]) : undefined}
      />
    </RenderSlice>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { validateDetails, parseDetails } = await validation();
    const found = validateDetails(values);
    setErrors(found);
    const first = [...Object.keys(DETAIL_FIELDS), ...Object.keys(AGREEMENTS)].find(
      (field) => found[field as DetailFieldName | Agreement],
    );
    if (first) {
      document.getElementById(`details-${first}`)?.focus();
      return;
    }
    onSubmit(parseDetails(values));
  };

  const field = (name: DetailFieldName, extra: { wide?: boolean } = {}) => {
    const message = errors[name];
    return (
      <RenderSlice key={name}>
        <DetailField
          name={name}
          label={t(DETAIL_FIELDS[name].label)}
          value={values[name]}
          onChange={(value) => change({ [name]: value })}
          error={message ? t(message) : undefined}
          wide={extra.wide}
        />
      </RenderSlice>
    );
  };

  const section = (title: string, children: ReactNode) => (
    <fieldset className="details-section">
      <legend>{title}</legend>
      <div className="details-grid">{children}</div>
    </fieldset>
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      // Fetched while the patient types, so submitting does not wait for it; not at load,
      // where evaluating it would compete with the page becoming interactive.
      onFocusCapture={() => void validation()}
      aria-describedby="details-intro"
    >
      <h2 className="details-heading">{t('details.heading')}</h2>
      <p id="details-intro" className="details-intro">
        {t('details.intro')}
      </p>
      <div className="details-sections">
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
      </div>
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
        <p role="alert" className="details-error">
          {error}
        </p>
      )}
      <RenderSlice>
        <DetailsSubmitButton
          busy={busy}
          label={busy ? t('details.initializing') : t('details.submit')}
        />
      </RenderSlice>
    </form>
  );
}
