import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../shared/constants';
import type { LegalPageName } from '../../../shared/contracts/legal';
import { LoadErrorScreen } from '../../lib/LoadErrorScreen';
import { PageLoader } from '../../lib/PageLoader';
import { PlainMarkdown } from '../../lib/PlainMarkdown';
import { useLegalPage } from './api';
import './i18n';

/** The imprint, the terms or the withdrawal information, in the interface language. */
export default function LegalPage({ page }: { page: LegalPageName }) {
  const { t, i18n } = useTranslation('legal');
  const legal = useLegalPage(page);
  if (legal.isError)
    return <LoadErrorScreen title={t('loadFailed')} onRetry={() => void legal.refetch()} />;
  if (legal.isPending) return <PageLoader />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 5 } }}>
        <PlainMarkdown text={legal.data.text[normalizeLanguage(i18n.language)]} />
        <Typography variant="caption" color="text.secondary">
          {t('version', { version: legal.data.version })}
        </Typography>
      </Paper>
    </Container>
  );
}
