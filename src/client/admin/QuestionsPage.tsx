import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminQuestion } from '../../shared/contracts/admin-questions';
import { findOverlayGuide } from '../../shared/overlays';
import { PageLoader } from '../app/PageLoader';
import { ApiError } from '../lib/api-client';
import { useAdminQuestions, useDeleteQuestion } from './api/questions';
import { ConfirmDialog } from './components/ConfirmDialog';
import { LoadErrorScreen } from '../lib/LoadErrorScreen';
import { PageHeader } from './components/PageHeader';
import { localized } from './format';
import { QuestionDialog } from './QuestionDialog';
import './i18n';

type Editing = { question: AdminQuestion | null } | null;

export default function QuestionsPage() {
  const { t, i18n } = useTranslation(['admin', 'overlays']);
  const compact = useMediaQuery('(max-width:599.95px)');
  const questions = useAdminQuestions();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (questions.isPending) return <PageLoader />;
  if (questions.isError) {
    return (
      <LoadErrorScreen
        title={t('questions.loadFailed')}
        detail={questions.error.message}
        onRetry={() => void questions.refetch()}
      />
    );
  }

  const list = questions.data;
  const language = i18n.language;

  /** Options joined by commas (SPEC section 2); the pose guide for photo and video questions. */
  const optionsOf = (question: AdminQuestion): string => {
    if (question.QuestionType === 'photo' || question.QuestionType === 'video') {
      const guide = findOverlayGuide(question.Overlay);
      return guide && guide.id !== 'none'
        ? `${t('questions.dialog.overlay')}: ${t(`overlays:${guide.key}.name`)}`
        : '';
    }
    return question.Options.filter((o) => o.IsActive)
      .map((o) => localized(o.OptionText, o.Translations, language))
      .join(', ');
  };

  const detailsOf = (question: AdminQuestion) => (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
      {!question.IsActive && (
        <Chip
          size="small"
          label={
            question.ResponseCount > 0
              ? `${t('questions.inactive')} · ${t('questions.keptForAnswers')}`
              : t('questions.inactive')
          }
        />
      )}
      {question.ResponseCount > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('questions.answers', { count: question.ResponseCount })}
        </Typography>
      )}
      {!question.Translations.some((tr) => tr.TranslatedText) && (
        <Typography variant="caption" color="warning.dark">
          {t('questions.noGerman')}
        </Typography>
      )}
    </Box>
  );

  const actions = (question: AdminQuestion) => (
    <>
      <Tooltip title={t('questions.edit', { order: question.Order })}>
        <IconButton
          aria-label={t('questions.edit', { order: question.Order })}
          onClick={() => setEditing({ question })}
        >
          <EditOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('questions.delete', { order: question.Order })}>
        <IconButton
          aria-label={t('questions.delete', { order: question.Order })}
          color="error"
          onClick={() => {
            remove.reset();
            setDeleting(question);
          }}
        >
          <DeleteOutlineIcon />
        </IconButton>
      </Tooltip>
    </>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.ID, {
      onSuccess: (result) => {
        setDeleting(null);
        setNotice(
          result.outcome === 'deleted' ? t('questions.deleted') : t('questions.deactivated'),
        );
      },
    });
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader
        title={t('questions.title')}
        subtitle={t('questions.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ question: null })}
          >
            {t('questions.add')}
          </Button>
        }
      />

      {list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('questions.empty')}</Typography>
        </Paper>
      ) : compact ? (
        <Stack spacing={1.5}>
          {list.map((question) => (
            <Paper
              key={question.ID}
              variant="outlined"
              data-testid="question-row"
              data-question-id={question.ID}
              sx={{ p: 2, ...(question.IsActive ? {} : { bgcolor: 'grey.100' }) }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
                  #{question.Order}
                </Typography>
                <Chip size="small" variant="outlined" label={t(`types.${question.QuestionType}`)} />
                <Box sx={{ ml: 'auto', display: 'flex' }}>{actions(question)}</Box>
              </Box>
              <Typography variant="body2" sx={{ fontWeight: 500, mt: 1 }}>
                {localized(question.QuestionText, question.Translations, language)}
              </Typography>
              {detailsOf(question)}
              {optionsOf(question) && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {optionsOf(question)}
                </Typography>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('questions.title')} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700, bgcolor: 'grey.50' } }}>
                <TableCell sx={{ width: 80 }}>{t('questions.columns.order')}</TableCell>
                <TableCell sx={{ width: 140 }}>{t('questions.columns.type')}</TableCell>
                <TableCell>{t('questions.columns.question')}</TableCell>
                <TableCell sx={{ width: '26%' }}>{t('questions.columns.options')}</TableCell>
                <TableCell align="right" sx={{ width: 110 }}>
                  {t('questions.columns.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((question) => (
                <TableRow
                  key={question.ID}
                  hover
                  data-testid="question-row"
                  data-question-id={question.ID}
                  sx={{
                    verticalAlign: 'top',
                    ...(question.IsActive
                      ? {}
                      : { bgcolor: 'grey.100', '& td': { color: 'text.secondary' } }),
                  }}
                >
                  <TableCell>{question.Order}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(`types.${question.QuestionType}`)}
                    />
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {localized(question.QuestionText, question.Translations, language)}
                    </Typography>
                    {detailsOf(question)}
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{optionsOf(question)}</Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(question)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {editing && (
        <QuestionDialog
          question={editing.question}
          nextOrder={list.length + 1}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('questions.saved'));
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('questions.confirmDelete')}
        busy={remove.isPending}
        error={
          remove.isError
            ? `${t('questions.deleteFailed')}${remove.error instanceof ApiError ? `: ${remove.error.message}` : ''}`
            : null
        }
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <>
            <Typography component="span" sx={{ display: 'block', fontStyle: 'italic', mb: 1 }}>
              “{localized(deleting.QuestionText, deleting.Translations, language)}”
            </Typography>
            {deleting.ResponseCount > 0 && (
              <Alert severity="info" component="span" sx={{ display: 'flex' }}>
                {t('questions.confirmDeleteAnswered', { count: deleting.ResponseCount })}
              </Alert>
            )}
          </>
        )}
      </ConfirmDialog>

      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 120, sm: 90 } }}
      />
    </Container>
  );
}
