import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../shared/constants';
import { PageLoader } from '../../lib/PageLoader';
import { LoadErrorScreen } from '../../lib/LoadErrorScreen';
import { PlainMarkdown } from '../../lib/PlainMarkdown';
import { usePrivacyNotice } from './api';
import './i18n';

export default function PrivacyNoticePage() {
  const { t, i18n } = useTranslation('privacy');
  const notice = usePrivacyNotice();
  if (notice.isError)
    return <LoadErrorScreen title={t('loadFailed')} onRetry={() => void notice.refetch()} />;
  if (notice.isPending) return <PageLoader />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 5 } }}>
        <PlainMarkdown text={notice.data.text[normalizeLanguage(i18n.language)]} />
        <Typography variant="caption" color="text.secondary">
          {t('version', { version: notice.data.version })}
        </Typography>
      </Paper>
    </Container>
  );
}
