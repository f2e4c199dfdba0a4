import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import RateReviewIcon from '@mui/icons-material/RateReview';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminAssessmentSummary } from '../../../shared/contracts/admin-patients';
import { downloadFile } from '../../lib/download';
import { AssessmentStatusChip } from '../../lib/screener/AssessmentStatusChip';
import { ScreenerChip } from '../../lib/screener/ScreenerChip';
import { reportUrl } from './api';
import { AnswersTable } from '../../lib/answers/AnswersTable';
import { formatDate } from '../../lib/format';
import { NewAccessCodeButton } from './NewAccessCodeButton';
import { AssessmentBilling } from './AssessmentBilling';
import { EraseAssessmentDialog } from './EraseAssessmentDialog';
import '../../lib/admin-i18n/i18n';

/** Downloads the assessment's case report; errors are shown below the assessment. */
function CaseReportButton({
  assessmentId,
  onError,
}: {
  assessmentId: number;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const label = t('responses.caseReport');
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={`${label} #${assessmentId}`}
          disabled={busy}
          onClick={() => {
            onError(null);
            setBusy(true);
            downloadFile(reportUrl(assessmentId), `assessment-${assessmentId}.pdf`)
              .catch((error: Error) => onError(error.message || t('responses.downloadFailed')))
              .finally(() => setBusy(false));
          }}
        >
          <PictureAsPdfIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * One assessment: code, number of responses, review status, due date and TMD screener score,
 * with its case report one click away; the answers load when opened.
 */
export function AccessCodeAccordion({ code }: { code: AdminAssessmentSummary }) {
  const { t, i18n } = useTranslation('admin');
  const [expanded, setExpanded] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [erasing, setErasing] = useState(false);
  const open = code.status === 'submitted' || code.status === 'in_review';
  return (
    <Box sx={{ position: 'relative' }} data-testid="access-code" data-status={code.status}>
      <Accordion
        expanded={expanded}
        onChange={(_, isOpen) => setExpanded(isOpen)}
        disableGutters
        variant="outlined"
        slotProps={{ transition: { unmountOnExit: true } }}
        data-testid="access-code-accordion"
        sx={{ '&:before': { display: 'none' }, borderRadius: 1, overflow: 'hidden' }}
      >
        <AccordionSummary
          expandIcon={<ExpandMoreIcon />}
          sx={{
            bgcolor: code.overdue ? 'rgba(211, 47, 47, 0.05)' : 'grey.50',
            '& .MuiAccordionSummary-content': { minWidth: 0 },
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              columnGap: { xs: 1, sm: 1.5 },
              rowGap: 1,
              flexWrap: 'wrap',
              width: '100%',
              // Room for the two buttons laid over the summary's right end.
              pr: 12,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography
                sx={{
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                  fontWeight: 600,
                }}
              >
                {code.accessCode}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="assessment-patient">
                {`${code.firstName} ${code.lastName}`.trim()}
                {code.dateOfBirth && ` · ${formatDate(code.dateOfBirth, i18n.language)}`}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {code.email}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={code.responseCount > 0 ? 'primary' : 'default'}
              label={t('responses.responses', { count: code.responseCount })}
            />
            <AssessmentStatusChip status={code.status} cancelled={code.cancelledAt !== null} />
            {code.responseCount > 0 && <ScreenerChip screener={code.screener} withLabel />}
            {code.overdue && !code.cancelledAt && (
              <Chip size="small" color="error" label={t('responses.overdue')} />
            )}
            <Box sx={{ ml: { md: 'auto' }, mr: 1, minWidth: 0 }}>
              {open && code.dueAt && !code.cancelledAt && (
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 600, color: code.overdue ? 'error.main' : 'text.primary' }}
                >
                  {t('responses.due', { date: formatDate(code.dueAt, i18n.language) })}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {t('responses.created', { date: formatDate(code.createdAt, i18n.language) })}
              </Typography>
            </Box>
          </Box>
        </AccordionSummary>
        <AccordionDetails sx={{ p: { xs: 1, sm: 2 } }}>
          {code.status !== 'in_progress' && (
            <Button
              component={RouterLink}
              to={`/admin/assessments/${code.ID}`}
              variant="contained"
              size="small"
              startIcon={<RateReviewIcon />}
              sx={{ mb: 1.5 }}
            >
              {t('responses.openEvaluation')}
            </Button>
          )}
          {expanded && <AssessmentBilling assessmentId={code.ID} />}
          {expanded && <AnswersTable assessmentId={code.ID} />}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setErasing(true)}
            >
              {t('eraseAssessment.open')}
            </Button>
          </Box>
          {erasing && <EraseAssessmentDialog code={code} onClose={() => setErasing(false)} />}
        </AccordionDetails>
      </Accordion>
      {/* A sibling of the summary, not inside it: a button may not sit in the summary's button. */}
      <Box sx={{ position: 'absolute', top: 4, right: 44, display: 'flex' }}>
        {code.cancelledAt === null && (
          <NewAccessCodeButton code={code} onSent={() => setCodeSent(true)} />
        )}
        <CaseReportButton assessmentId={code.ID} onError={setDownloadError} />
      </Box>
      {codeSent && (
        <Alert
          severity="success"
          role="status"
          sx={{ mt: 1 }}
          onClose={() => setCodeSent(false)}
          data-testid="new-code-sent"
        >
          {t('newCode.sent')}
        </Alert>
      )}
      {downloadError && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}
    </Box>
  );
}
