import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { LoadErrorScreen } from '../../lib/LoadErrorScreen';
import { PageLoader } from '../../lib/PageLoader';
import { AssessmentStatusChip } from '../../lib/screener/AssessmentStatusChip';
import { ScreenerChip } from '../../lib/screener/ScreenerChip';
import { AnswersTable } from '../../lib/answers/AnswersTable';
import { useAdminEvaluation } from './api';
import { EvaluationEditor } from './EvaluationEditor';
import './i18n';

/**
 * One submitted assessment for the dentist: its answers (media, pain map, symptoms) beside the
 * evaluation editor. The review queue and the responses view both open it; opening it takes
 * the assessment into review.
 */
export default function AssessmentPage() {
  const { t, i18n } = useTranslation('evaluation');
  const id = Number(useParams().id);
  const evaluation = useAdminEvaluation(id);

  if (evaluation.isPending) return <PageLoader />;
  if (evaluation.isError) {
    const refused = evaluation.error instanceof ApiError && evaluation.error.status === 409;
    return refused ? (
      <Container sx={{ py: 4 }}>
        <Alert severity="info">{t('editor.notSubmitted')}</Alert>
      </Container>
    ) : (
      <LoadErrorScreen title={t('editor.loadFailed')} onRetry={() => void evaluation.refetch()} />
    );
  }
  const data = evaluation.data;
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 } }}>
      <Button
        component={RouterLink}
        to="/admin/review"
        startIcon={<ArrowBackIcon />}
        sx={{ mb: 1 }}
      >
        {t('editor.back')}
      </Button>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 3 }}
      >
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', md: '2rem' } }}
        >
          {data.patientName}
        </Typography>
        <Typography color="text.secondary">{t('editor.assessment', { id })}</Typography>
        <AssessmentStatusChip status={data.status} />
        <ScreenerChip screener={data.screener} withLabel />
        {data.dueOn && !data.sentAt && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('editor.dueBy')}: {formatDate(data.dueOn, i18n.language)}
          </Typography>
        )}
      </Stack>
      {/* Below the wide layout the editor follows a long list of answers: a way straight to it. */}
      <Button
        href="#evaluation"
        variant="outlined"
        size="small"
        sx={{ display: { lg: 'none' }, mb: 2 }}
      >
        {t('editor.jump')}
      </Button>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          // The answers, with photos and a five-column table, take the larger share.
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
            {t('editor.answers')}
          </Typography>
          <AnswersTable assessmentId={id} />
        </Paper>
        <Paper
          variant="outlined"
          // Beside a long list of answers the editor stays in view while the dentist scrolls.
          sx={{
            p: { xs: 2, sm: 3 },
            minWidth: 0,
            position: { lg: 'sticky' },
            top: { lg: 80 },
            maxHeight: { lg: 'calc(100vh - 96px)' },
            overflowY: { lg: 'auto' },
          }}
          data-testid="evaluation-editor"
          id="evaluation"
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            {t('editor.title')}
          </Typography>
          <EvaluationEditor evaluation={data} />
        </Paper>
      </Box>
    </Container>
  );
}
