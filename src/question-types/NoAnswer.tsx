import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import '../client/lib/admin-i18n/i18n';

/** An answer view's text for a question the patient skipped. */
export function NoAnswer() {
  const { t } = useTranslation('admin');
  return (
    <Typography variant="body2" color="text.secondary">
      {t('responses.noAnswer')}
    </Typography>
  );
}
