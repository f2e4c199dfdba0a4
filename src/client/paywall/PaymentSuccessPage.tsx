import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import './i18n';

export function PaymentSuccessPage() {
  const { t } = useTranslation('paywall');
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10 }}
    >
      <CircularProgress />
      <Typography>{t('verifying')}</Typography>
    </Box>
  );
}
