import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../shared/constants';
import { PageLoader } from '../../lib/PageLoader';
import { LoadErrorScreen } from '../../lib/LoadErrorScreen';
import { usePrivacyNotice } from './api';
import './i18n';

/** Renders the notice's plain Markdown subset: "#" headings, "-" lists and paragraphs. */
function NoticeText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return blocks.map((block, index) => {
    if (block.startsWith('# ')) {
      return (
        <Typography key={index} variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {block.slice(2)}
        </Typography>
      );
    }
    if (block.startsWith('## ')) {
      const [heading, ...rest] = block.split('\n');
      return (
        <Fragment key={index}>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {heading!.slice(3)}
          </Typography>
          {rest.length > 0 && <NoticeText text={rest.join('\n')} />}
        </Fragment>
      );
    }
    if (block.startsWith('- ')) {
      return (
        <ul key={index}>
          {block.split('\n').map((line) => (
            <Typography component="li" key={line} sx={{ mb: 0.5 }}>
              {line.replace(/^- /, '')}
            </Typography>
          ))}
        </ul>
      );
    }
    return (
      <Typography key={index} sx={{ mb: 1.5 }}>
        {block}
      </Typography>
    );
  });
}

export default function PrivacyNoticePage() {
  const { t, i18n } = useTranslation('privacy');
  const notice = usePrivacyNotice();
  if (notice.isError)
    return <LoadErrorScreen title={t('loadFailed')} onRetry={() => void notice.refetch()} />;
  if (notice.isPending) return <PageLoader />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 5 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 5 } }}>
        <NoticeText text={notice.data.text[normalizeLanguage(i18n.language)]} />
        <Typography variant="caption" color="text.secondary">
          {t('version', { version: notice.data.version })}
        </Typography>
      </Paper>
    </Container>
  );
}
