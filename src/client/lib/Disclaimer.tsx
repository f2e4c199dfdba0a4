import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * What the assessment is and is not, shown wherever a patient decides or reads a result: the
 * paywall, the completion screen and the evaluation. One text, in both languages.
 */
export function Disclaimer({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" role="note" data-testid="disclaimer" sx={sx}>
      <AlertTitle>{t('disclaimer.title')}</AlertTitle>
      {t('disclaimer.text')}
    </Alert>
  );
}
