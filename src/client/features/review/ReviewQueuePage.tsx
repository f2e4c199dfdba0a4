import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { QueuedAssessment } from '../../../shared/contracts/review';
import { PageLoader } from '../../lib/PageLoader';
import { downloadFile } from '../../lib/download';
import { formatDate, formatDateTime } from '../../lib/format';
import { LoadErrorScreen } from '../../lib/LoadErrorScreen';
import { answersCsvUrl, reportUrl, useReviewQueue, type QueueView } from './api';
import './i18n';
import { AssessmentStatusChip } from '../../lib/screener/AssessmentStatusChip';
import { ScreenerChip } from '../../lib/screener/ScreenerChip';

/** A day or a moment in the page's language (a bare day without a time), or "–". */
function useDateFormat() {
  const { i18n } = useTranslation();
  return (value: string | null, withTime = true) => {
    if (!value) return '–';
    return withTime && value.length > 10
      ? formatDateTime(value, i18n.language)
      : formatDate(value, i18n.language);
  };
}

function DueCell({ assessment }: { assessment: QueuedAssessment }) {
  const { t } = useTranslation('review');
  const format = useDateFormat();
  const dueToday =
    !assessment.overdue &&
    assessment.dueAt !== null &&
    // Today as the practice's calendar has it, not the reader's.
    formatDate(assessment.dueAt, 'en') === formatDate(new Date().toISOString(), 'en');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {format(assessment.dueAt)}
      </Typography>
      {assessment.overdue && <Chip size="small" color="error" label={t('overdue')} />}
      {dueToday && <Chip size="small" color="warning" variant="outlined" label={t('dueToday')} />}
    </Stack>
  );
}

function PatientCell({ assessment }: { assessment: QueuedAssessment }) {
  const { t } = useTranslation('review');
  const name = `${assessment.patient.firstName} ${assessment.patient.lastName}`.trim();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name || assessment.patient.email}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ overflowWrap: 'anywhere' }}
      >
        {assessment.patient.email} · #{assessment.id}
      </Typography>
      {assessment.patient.assessmentsWithEmail > 1 && (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          sx={{ mt: 0.5 }}
          data-testid="shared-email"
          label={t('sharedEmail', { count: assessment.patient.assessmentsWithEmail })}
        />
      )}
    </Box>
  );
}

/** Who took an open assessment into review. */
function Reviewer({ assessment }: { assessment: QueuedAssessment }) {
  const { t } = useTranslation('review');
  if (assessment.status !== 'in_review' || !assessment.reviewStartedBy) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="div"
      sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
      data-testid="reviewer"
    >
      {t('reviewer', { who: assessment.reviewStartedBy })}
    </Typography>
  );
}

export default function ReviewQueuePage() {
  const { t } = useTranslation(['review', 'common']);
  const format = useDateFormat();
  const [view, setView] = useState<QueueView>('open');
  const queue = useReviewQueue(view);
  const phone = useMediaQuery('(max-width:599.95px)');
  const [actionError, setActionError] = useState<string | null>(null);

  const download = (url: string, name: string) => {
    setActionError(null);
    downloadFile(url, name).catch((error: Error) =>
      setActionError(error.message || t('downloadFailed')),
    );
  };
  const actions = (assessment: QueuedAssessment) => (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: { xs: 'flex-start', sm: 'flex-end' }, alignItems: 'center' }}
    >
      <Button
        size="small"
        variant={assessment.status === 'evaluated' ? 'outlined' : 'contained'}
        component={RouterLink}
        to={`/admin/assessments/${assessment.id}`}
        aria-label={t('openAssessment', { id: assessment.id })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('open')}
      </Button>
      <Tooltip title={t('downloadPdf')}>
        <IconButton
          aria-label={`${t('downloadPdf')} #${assessment.id}`}
          onClick={() => download(reportUrl(assessment.id), `assessment-${assessment.id}.pdf`)}
          sx={{ ml: { xs: 'auto !important', sm: 1 } }}
        >
          <PictureAsPdfIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );

  if (queue.isError) {
    return <LoadErrorScreen title={t('loadFailed')} onRetry={() => void queue.refetch()} />;
  }
  const assessments = queue.data?.assessments ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 720 }}>
            {t('subtitle')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => download(answersCsvUrl, 'answers.csv')}
          sx={{ flexShrink: 0 }}
        >
          {t('exportCsv')}
        </Button>
      </Stack>

      <Tabs value={view} onChange={(_, value: QueueView) => setView(value)} sx={{ mb: 2 }}>
        <Tab value="open" label={t('tabs.open')} />
        <Tab value="evaluated" label={t('tabs.evaluated')} />
      </Tabs>

      {actionError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}

      {queue.isPending ? (
        <PageLoader />
      ) : assessments.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {view === 'open' ? t('emptyOpen') : t('emptyEvaluated')}
          </Typography>
        </Paper>
      ) : phone ? (
        <Stack spacing={1.5}>
          {assessments.map((assessment) => (
            <Paper
              key={assessment.id}
              variant="outlined"
              data-testid={`assessment-${assessment.id}`}
              sx={{
                p: 2,
                ...(assessment.overdue
                  ? { borderColor: 'error.light', bgcolor: 'rgba(211, 47, 47, 0.04)' }
                  : {}),
              }}
            >
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <PatientCell assessment={assessment} />
                <Box sx={{ textAlign: 'right' }}>
                  <AssessmentStatusChip status={assessment.status} />
                  <Reviewer assessment={assessment} />
                </Box>
              </Stack>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  rowGap: 1,
                  mt: 1.5,
                  alignItems: 'center',
                }}
              >
                <Typography variant="body2" color="text.secondary">
                  {t('columns.due')}
                </Typography>
                <DueCell assessment={assessment} />
                <Typography variant="body2" color="text.secondary">
                  {t('columns.submitted')}
                </Typography>
                <Typography variant="body2">{format(assessment.submittedAt)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('columns.screener')}
                </Typography>
                <Box>
                  <ScreenerChip screener={assessment.screener} />
                </Box>
                {view === 'evaluated' && (
                  <>
                    <Typography variant="body2" color="text.secondary">
                      {t('columns.evaluated')}
                    </Typography>
                    <Typography variant="body2">
                      {format(assessment.evaluationSentOn, false)}
                    </Typography>
                  </>
                )}
              </Box>
              <Box sx={{ mt: 1.5 }}>{actions(assessment)}</Box>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.due')}</TableCell>
                <TableCell>{t('columns.patient')}</TableCell>
                <TableCell>{t('columns.submitted')}</TableCell>
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell>{t('columns.screener')}</TableCell>
                {view === 'evaluated' && <TableCell>{t('columns.evaluated')}</TableCell>}
                <TableCell align="right">{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {assessments.map((assessment) => (
                <TableRow
                  key={assessment.id}
                  data-testid={`assessment-${assessment.id}`}
                  sx={assessment.overdue ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}
                >
                  <TableCell>
                    <DueCell assessment={assessment} />
                  </TableCell>
                  <TableCell>
                    <PatientCell assessment={assessment} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {format(assessment.submittedAt)}
                  </TableCell>
                  <TableCell>
                    <AssessmentStatusChip status={assessment.status} />
                    <Reviewer assessment={assessment} />
                  </TableCell>
                  <TableCell>
                    <ScreenerChip screener={assessment.screener} />
                  </TableCell>
                  {view === 'evaluated' && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {format(assessment.evaluationSentOn, false)}
                    </TableCell>
                  )}
                  <TableCell align="right">{actions(assessment)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Container>
  );
}
