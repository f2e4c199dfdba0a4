import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionTypeChip } from '../../../question-types/QuestionTypeChip';
import type { AdminQuestion } from '../../../shared/contracts/admin-questions';
import { findOverlayGuide } from '../../../shared/overlays';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { failureText } from '../../lib/failure-text';
import { localized } from '../../lib/format';
import { ListPage } from '../../lib/ListPage';
import { QueryFallback } from '../../lib/QueryFallback';
import { RowAction } from '../../lib/RowAction';
import { useAdminQuestions, useDeleteQuestion } from './api';
import { QuestionDialog } from './QuestionDialog';
import '../../lib/admin-i18n/i18n';
import './i18n';

type Editing = { question: AdminQuestion | null } | null;

export default function QuestionsPage() {
  const { t, i18n } = useTranslation(['admin', 'overlays', 'questions']);
  const questions = useAdminQuestions();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (questions.isPending || questions.isError) {
    return <QueryFallback query={questions} errorTitle={t('questions.loadFailed')} />;
  }

  const list = questions.data;
  const language = i18n.language;

  /** Options joined by commas (SPEC section 2); the pose guide for photo and video questions. */
  const optionsOf = (question: AdminQuestion): string => {
    if (question.QuestionType === 'photo' || question.QuestionType === 'video') {
      const guide = findOverlayGuide(question.Overlay);
      return guide ? `${t('questions.dialog.overlay')}: ${t(`overlays:${guide.key}.name`)}` : '';
    }
    return question.Options.filter((o) => o.IsActive)
      .map((o) => localized(o.OptionText, o.Translations, language))
      .join(', ');
  };

  const detailsOf = (question: AdminQuestion) => (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
      {question.Required && (
        <Chip
          size="small"
          color="secondary"
          variant="outlined"
          label={t('questions:requiredChip')}
          data-testid="question-required"
        />
      )}
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
      <RowAction
        label={t('questions.edit', { order: question.Order })}
        onClick={() => setEditing({ question })}
      >
        <EditOutlinedIcon />
      </RowAction>
      <RowAction
        label={t('questions.delete', { order: question.Order })}
        color="error"
        onClick={() => {
          remove.reset();
          setDeleting(question);
        }}
      >
        <DeleteOutlineIcon />
      </RowAction>
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
    <ListPage
      title={t('questions.title')}
      subtitle={t('questions.subtitle')}
      addLabel={t('questions.add')}
      onAdd={() => setEditing({ question: null })}
      items={list}
      emptyText={t('questions.empty')}
      card={(question) => (
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
            <QuestionTypeChip type={question.QuestionType} />
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
      )}
      head={
        <>
          <TableCell sx={{ width: 80 }}>{t('questions.columns.order')}</TableCell>
          <TableCell sx={{ width: 140 }}>{t('questions.columns.type')}</TableCell>
          <TableCell>{t('questions.columns.question')}</TableCell>
          <TableCell sx={{ width: '26%' }}>{t('questions.columns.options')}</TableCell>
          <TableCell align="right" sx={{ width: 110 }}>
            {t('questions.columns.actions')}
          </TableCell>
        </>
      }
      row={(question) => (
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
            <QuestionTypeChip type={question.QuestionType} />
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
      )}
      minWidth={720}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
    >
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
        error={remove.isError ? failureText(t('questions.deleteFailed'), remove.error) : null}
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
    </ListPage>
  );
}
