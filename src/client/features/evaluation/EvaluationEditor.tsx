import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEvaluation, EvaluationDraftBody } from '../../../shared/contracts/evaluation';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { formatDate, formatDateTime } from '../../lib/format';
import { useAddAddendum, useConclusions, useSaveDraft, useSendEvaluation } from './api';
import { ConclusionsDialog } from './ConclusionsDialog';
import { EvaluationView } from '../../lib/evaluation/EvaluationView';
import './i18n';

/** How long typing may pause before the draft is saved. */
const AUTOSAVE_MS = 800;

const draftOf = (evaluation: AdminEvaluation): EvaluationDraftBody => ({
  conclusionId: evaluation.conclusionId,
  findings: evaluation.findings,
  recommendations: evaluation.recommendations,
  callToAction: evaluation.callToAction,
});

function Preview({ evaluation }: { evaluation: AdminEvaluation }) {
  const { t } = useTranslation('evaluation');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'grey.50' }}>
      <Typography variant="overline" component="p" color="text.secondary" sx={{ mb: 1 }}>
        {t('editor.preview', { language: t(`editor.languages.${evaluation.patientLanguage}`) })}
      </Typography>
      <Box data-testid="evaluation-preview">
        <EvaluationView
          evaluation={evaluation.preview}
          language={evaluation.patientLanguage}
          headingLevel="h3"
        />
      </Box>
    </Paper>
  );
}

/** After sending: the evaluation as sent, read-only, with addenda added below it. */
function SentEvaluation({ evaluation }: { evaluation: AdminEvaluation }) {
  const { t, i18n } = useTranslation('evaluation');
  const addAddendum = useAddAddendum(evaluation.assessmentId);
  const [text, setText] = useState('');
  return (
    <Stack spacing={2}>
      <Alert severity="success" icon={<CheckCircleIcon />} data-testid="evaluation-sent">
        {t('editor.sent', {
          date: formatDate(evaluation.sentAt!, i18n.language),
          who: evaluation.sentBy ?? '–',
        })}
      </Alert>
      <Preview evaluation={evaluation} />
      <TextField
        label={t('editor.addendum')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        fullWidth
      />
      {addAddendum.isError && <Alert severity="error">{addAddendum.error.message}</Alert>}
      <Box>
        <Button
          variant="outlined"
          disabled={!text.trim() || addAddendum.isPending}
          onClick={() => addAddendum.mutate(text, { onSuccess: () => setText('') })}
        >
          {t('editor.addAddendum')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The dentist's editor: conclusion, findings, recommendations and the call to action, saved as
 * they type; the preview shows the last saved draft as the patient will see it.
 */
export function EvaluationEditor({ evaluation }: { evaluation: AdminEvaluation }) {
  const { t, i18n } = useTranslation('evaluation');
  const id = evaluation.assessmentId;
  const conclusions = useConclusions(i18n.language);
  const save = useSaveDraft(id);
  const send = useSendEvaluation(id);
  const [draft, setDraft] = useState<EvaluationDraftBody>(() => draftOf(evaluation));
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editingList, setEditingList] = useState(false);
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    if (!dirty) return;
    const timer = setTimeout(() => {
      setDirty(false);
      save.mutate(latest.current);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
    // `save` changes identity on every render; the timer restarts only when the draft changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, dirty]);

  if (evaluation.sentAt) return <SentEvaluation evaluation={evaluation} />;

  const change = (patch: Partial<EvaluationDraftBody>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setDirty(true);
  };
  const sendNow = async () => {
    // Whatever is still waiting for the autosave goes first.
    if (dirty) {
      setDirty(false);
      await save.mutateAsync(latest.current);
    }
    send.mutate(undefined, { onSuccess: () => setConfirming(false) });
  };

  const saveState = save.isError
    ? t('editor.saveFailed', { message: save.error.message })
    : dirty || save.isPending
      ? t('editor.saving')
      : evaluation.updatedAt
        ? t('editor.saved', { time: formatDateTime(evaluation.updatedAt, i18n.language) })
        : t('editor.notSaved');

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          label={t('editor.conclusion')}
          value={draft.conclusionId ?? ''}
          onChange={(event) =>
            change({ conclusionId: event.target.value === '' ? null : Number(event.target.value) })
          }
          fullWidth
        >
          {(conclusions.data ?? []).map((conclusion) => (
            <MenuItem key={conclusion.id} value={conclusion.id}>
              {conclusion.text}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={() => setEditingList(true)} sx={{ flexShrink: 0, mt: 1 }}>
          {t('editor.editList')}
        </Button>
      </Stack>
      <TextField
        label={t('editor.findings')}
        value={draft.findings}
        onChange={(event) => change({ findings: event.target.value })}
        multiline
        minRows={4}
        fullWidth
      />
      <TextField
        label={t('editor.recommendations')}
        value={draft.recommendations}
        onChange={(event) => change({ recommendations: event.target.value })}
        multiline
        minRows={3}
        fullWidth
      />
      {evaluation.callToActionAvailable && (
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.callToAction ?? false}
              onChange={(event) => change({ callToAction: event.target.checked })}
            />
          }
          label={t('editor.callToAction')}
        />
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography
          variant="body2"
          color={save.isError ? 'error' : 'text.secondary'}
          role="status"
          data-testid="save-state"
        >
          {saveState}
        </Typography>
        <Button
          variant="contained"
          endIcon={<SendIcon />}
          disabled={draft.conclusionId === null || send.isPending}
          onClick={() => setConfirming(true)}
        >
          {t('editor.send')}
        </Button>
      </Stack>
      <Preview evaluation={evaluation} />
      {confirming && (
        <ConfirmDialog
          title={t('editor.sendTitle')}
          confirmLabel={t('editor.send')}
          busy={send.isPending || save.isPending}
          error={send.isError ? send.error.message || t('editor.sendFailed') : null}
          onConfirm={() => void sendNow()}
          onClose={() => setConfirming(false)}
        >
          {t('editor.sendText')}
        </ConfirmDialog>
      )}
      {editingList && <ConclusionsDialog onClose={() => setEditingList(false)} />}
    </Stack>
  );
}
