import { useTranslation } from 'react-i18next';
import { Notice } from './Notice';

/**
 * What the assessment is and is not, shown wherever a patient decides or reads a result: the
 * paywall, the completion screen and the evaluation. One text, in both languages; plain HTML,
 * as the paywall's first screen shows it.
 */
export function Disclaimer({ className, language }: { className?: string; language?: string }) {
  // The dentist's preview shows it in the patient's language, whatever the admin reads.
  const { t } = useTranslation(undefined, language ? { lng: language } : undefined);
  return (
    <Notice
      severity="info"
      outlined
      role="note"
      data-testid="disclaimer"
      lang={language}
      className={className}
      title={t('disclaimer.title')}
    >
      {t('disclaimer.text')}
    </Notice>
  );
}
