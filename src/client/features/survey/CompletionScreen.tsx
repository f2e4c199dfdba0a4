import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Disclaimer } from '../../lib/Disclaimer';

export function CompletionScreen() {
  const { t } = useTranslation('survey');
  return (
    <Paper sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="survey-complete">
      <CheckCircleIcon color="secondary" sx={{ fontSize: 72, mb: 2 }} />
      <Typography
        variant="h4"
        component="h2"
        sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        {t('done.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto' }}>
        {t('done.thanks')}
      </Typography>
      <Disclaimer sx={{ maxWidth: 560, mx: 'auto', mt: 3, textAlign: 'left' }} />
    </Paper>
  );
}
