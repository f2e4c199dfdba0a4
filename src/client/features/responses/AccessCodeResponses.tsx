import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  AdminAccessCodeSummary,
  AdminResponse,
} from '../../../shared/contracts/admin-responses';
import { downloadFile } from '../../lib/download';
import { AssessmentStatusChip } from '../../lib/screener/AssessmentStatusChip';
import { ScreenerChip } from '../../lib/screener/ScreenerChip';
import { reportUrl, useAccessCodeResponses } from './api';
import { formatDate, formatDateTime, localized } from '../../lib/format';
import { QuestionTypeChip } from '../../../question-types/QuestionTypeChip';
import { AnswerView } from '../../../question-types/registry.admin';
import { ResponseDetailsDialog } from './ResponseDetailsDialog';
import { AssessmentBilling } from './AssessmentBilling';
import '../../lib/admin-i18n/i18n';

function ResponsesTable({ accessCodeId }: { accessCodeId: number }) {
  const { t, i18n } = useTranslation('admin');
  const responses = useAccessCodeResponses(accessCodeId, true);
  const [details, setDetails] = useState<AdminResponse | null>(null);
  const language = i18n.language;

  if (responses.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (responses.isError) {
    return (
      <Alert severity="error">
        {t('responses.loadFailed')}: {responses.error.message}
      </Alert>
    );
  }
  const list = responses.data.responses;
  if (list.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {t('responses.noResponses')}
      </Typography>
    );
  }
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" sx={{ minWidth: 680 }} data-testid="responses-table">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 700, bgcolor: 'grey.50' } }}>
              <TableCell sx={{ width: '34%' }}>{t('responses.columns.question')}</TableCell>
              <TableCell sx={{ width: 130 }}>{t('responses.columns.type')}</TableCell>
              <TableCell>{t('responses.columns.response')}</TableCell>
              <TableCell sx={{ width: 150 }}>{t('responses.columns.date')}</TableCell>
              <TableCell align="right" sx={{ width: 80 }}>
                {t('responses.columns.actions')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((response) => (
              <TableRow
                key={response.ID}
                data-testid="response-row"
                data-type={response.Question.QuestionType}
                sx={{ verticalAlign: 'top' }}
              >
                <TableCell>
                  <Typography variant="body2">
                    {localized(
                      response.Question.QuestionText,
                      response.Question.Translations,
                      language,
                    )}
                  </Typography>
                  {!response.Question.IsActive && (
                    <Typography variant="caption" color="text.secondary">
                      {t('responses.inactiveQuestion')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <QuestionTypeChip type={response.Question.QuestionType} />
                </TableCell>
                <TableCell>
                  <AnswerView response={response} full={false} />
                </TableCell>
                <TableCell>
                  <Typography variant="body2">
                    {formatDateTime(response.UpdatedAt, language)}
                  </Typography>
                </TableCell>
                <TableCell align="right">
                  <Tooltip title={t('responses.details')}>
                    <IconButton
                      aria-label={t('responses.details')}
                      onClick={() => setDetails(response)}
                    >
                      <VisibilityIcon />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {details && <ResponseDetailsDialog response={details} onClose={() => setDetails(null)} />}
    </>
  );
}

/** Downloads the assessment's case report; errors are shown below the assessment. */
function CaseReportButton({
  accessCodeId,
  onError,
}: {
  accessCodeId: number;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('admin');
  const [busy, setBusy] = useState(false);
  const label = t('responses.caseReport');
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={`${label} #${accessCodeId}`}
          disabled={busy}
          onClick={() => {
            onError(null);
            setBusy(true);
            downloadFile(reportUrl(accessCodeId), `assessment-${accessCodeId}.pdf`)
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
export function AccessCodeAccordion({ code }: { code: AdminAccessCodeSummary }) {
  const { t, i18n } = useTranslation('admin');
  const [expanded, setExpanded] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
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
              // Room for the case report button laid over the summary's right end.
              pr: 6,
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
              </Typography>
            </Box>
            <Chip
              size="small"
              color={code.responseCount > 0 ? 'primary' : 'default'}
              label={t('responses.responses', { count: code.responseCount })}
            />
            <AssessmentStatusChip status={code.status} />
            {code.responseCount > 0 && <ScreenerChip screener={code.screener} withLabel />}
            {code.overdue && <Chip size="small" color="error" label={t('responses.overdue')} />}
            <Box sx={{ ml: { md: 'auto' }, mr: 1, minWidth: 0 }}>
              {open && code.dueAt && (
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
          {expanded && <AssessmentBilling assessmentId={code.ID} />}
          {expanded && <ResponsesTable accessCodeId={code.ID} />}
        </AccordionDetails>
      </Accordion>
      {/* A sibling of the summary, not inside it: a button may not sit in the summary's button. */}
      <Box sx={{ position: 'absolute', top: 4, right: 44 }}>
        <CaseReportButton accessCodeId={code.ID} onError={setDownloadError} />
      </Box>
      {downloadError && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setDownloadError(null)}>
          {downloadError}
        </Alert>
      )}
    </Box>
  );
}
