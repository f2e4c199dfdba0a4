import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * What the assessment is and is not, shown wherever a patient decides or reads a result: the
 * paywall, the completion screen and the evaluation. One text, in both languages.
 */
export function Disclaimer({ sx, language }: { sx?: SxProps<Theme>; language?: string }) {
  // The dentist's preview shows it in the patient's language, whatever the admin reads.
  const { t } = useTranslation(undefined, language ? { lng: language } : undefined);
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="note"
      data-testid="disclaimer"
      lang={language}
      sx={sx}
    >
      <AlertTitle>{t('disclaimer.title')}</AlertTitle>
      {t('disclaimer.text')}
    </Alert>
  );
}
