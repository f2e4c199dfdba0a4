import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Disclaimer } from '../../lib/Disclaimer';
import type { PatientAssessment } from '../../../shared/contracts/evaluation';
import { downloadFile } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { EvaluationView } from '../../lib/evaluation/EvaluationView';
import { PracticeContactBlock } from '../../lib/evaluation/PracticeContactBlock';
import { evaluationPdfUrl, usePatientAssessment } from './api';
import './i18n';

function Waiting({
  assessment,
  title,
  justCompleted,
}: {
  assessment: PatientAssessment;
  title: string;
  justCompleted: boolean;
}) {
  const { t, i18n } = useTranslation('survey');
  const day = (value: string | null) => (value ? formatDate(value, i18n.language) : '–');
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 } }} data-testid="assessment-status">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <HourglassTopIcon color="primary" sx={{ fontSize: 40 }} />
        <Typography
          variant="h5"
          component="h2"
          sx={{ fontWeight: 700, fontSize: { xs: '1.4rem', sm: '1.6rem' } }}
        >
          {title}
        </Typography>
      </Stack>
      {justCompleted && (
        <Typography sx={{ mb: 3 }} data-testid="completion-thanks">
          {t('done.thanks')}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}
      >
        <Typography component="dt" color="text.secondary">
          {t('status.submittedOn')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="submitted-on">
          {day(assessment.submittedAt)}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('status.dueBy')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="due-on">
          {day(assessment.dueOn)}
        </Typography>
      </Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3 }}>
        {t('status.nextTitle')}
      </Typography>
      <Typography color="text.secondary" data-testid="delivery-story">
        {t('deliveryStory')}
      </Typography>
      <Box sx={{ mt: 3 }}>
        <PracticeContactBlock contact={assessment.contact} language={i18n.language} />
      </Box>
      <Disclaimer className="disclaimer-after" />
    </Paper>
  );
}

/**
 * The patient's page once the survey is completed: where the assessment stands, then the
 * evaluation with its PDF. `title` is the heading while waiting (the survey passes its own
 * "well done" right after completing).
 */
export default function AssessmentStatusPage({ title }: { title?: string }) {
  const { t, i18n } = useTranslation('survey');
  const query = usePatientAssessment();
  const [downloadError, setDownloadError] = useState(false);

  if (query.isPending) return <Skeleton variant="rectangular" height={220} />;
  if (query.isError) return <Alert severity="error">{t('status.loadFailed')}</Alert>;
  const assessment = query.data;
  if (!assessment.evaluation) {
    return (
      <Waiting
        assessment={assessment}
        title={title ?? t('status.title')}
        justCompleted={title !== undefined}
      />
    );
  }
  return (
    <Paper sx={{ p: { xs: 2.5, sm: 5 } }}>
      <EvaluationView evaluation={assessment.evaluation} language={i18n.language} />
      <Button
        variant="contained"
        startIcon={<PictureAsPdfIcon />}
        sx={{ mt: 3 }}
        onClick={() => {
          setDownloadError(false);
          downloadFile(evaluationPdfUrl, 'evaluation.pdf').catch(() => setDownloadError(true));
        }}
      >
        {t('status.downloadPdf')}
      </Button>
      {downloadError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('status.downloadFailed')}
        </Alert>
      )}
    </Paper>
  );
}
