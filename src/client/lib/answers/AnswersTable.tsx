import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { QuestionTypeChip } from '../../../question-types/QuestionTypeChip';
import { AnswerView } from '../../../question-types/registry.admin';
import type { AdminAnswer } from '../../../shared/contracts/admin-patients';
import '../admin-i18n/i18n';
import { formatDateTime, localized } from '../format';
import { useAssessmentAnswers } from './api';
import { AnswerDetailsDialog } from './AnswerDetailsDialog';
import { PhotoLightboxProvider } from './PhotoLightboxProvider';

/**
 * Below this width of the table's box the type moves under the question, so a side column (the
 * assessment page beside the editor, a German header) still fits without cutting off the actions.
 */
const NARROW = '@container answers (max-width: 820px)';

/** The answers of one assessment, with media, pain map and symptoms in their answer views. */
export function AnswersTable({ assessmentId }: { assessmentId: number }) {
  const { t, i18n } = useTranslation('admin');
  const responses = useAssessmentAnswers(assessmentId, true);
  const [details, setDetails] = useState<AdminAnswer | null>(null);
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
    <PhotoLightboxProvider answers={list}>
      <TableContainer
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          containerType: 'inline-size',
          containerName: 'answers',
        }}
      >
        <Table size="small" sx={{ minWidth: { xs: 520, sm: 560 } }} data-testid="responses-table">
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 700, bgcolor: 'grey.50' } }}>
              <TableCell sx={{ width: '34%' }}>{t('responses.columns.question')}</TableCell>
              <TableCell sx={{ width: 130, [NARROW]: { display: 'none' } }}>
                {t('responses.columns.type')}
              </TableCell>
              <TableCell>{t('responses.columns.response')}</TableCell>
              <TableCell sx={{ width: 120 }}>{t('responses.columns.date')}</TableCell>
              <TableCell align="right" sx={{ width: 0, whiteSpace: 'nowrap' }}>
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
                  <Box sx={{ display: 'none', mt: 0.5, [NARROW]: { display: 'block' } }}>
                    <QuestionTypeChip type={response.Question.QuestionType} />
                  </Box>
                </TableCell>
                <TableCell sx={{ [NARROW]: { display: 'none' } }}>
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
      {details && <AnswerDetailsDialog response={details} onClose={() => setDetails(null)} />}
    </PhotoLightboxProvider>
  );
}
