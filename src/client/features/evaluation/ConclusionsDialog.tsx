import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableConclusion } from '../../../shared/contracts/evaluation';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { ViewDialog } from '../../lib/dialogs/ViewDialog';
import { PageLoader } from '../../lib/PageLoader';
import { useChangeConclusion, useEditableConclusions } from './api';
import './i18n';

/** One conclusion in both languages; a new one (no id) is added by saving it. */
function ConclusionRow({
  conclusion,
  onDone,
}: {
  conclusion: Partial<EditableConclusion>;
  onDone?: () => void;
}) {
  const { t } = useTranslation('evaluation');
  const change = useChangeConclusion();
  const [en, setEn] = useState(conclusion.en ?? '');
  const [de, setDe] = useState(conclusion.de ?? '');
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const changed = en !== (conclusion.en ?? '') || de !== (conclusion.de ?? '');
  const run = (body: { en: string; de: string } | null) =>
    change.mutate({ id: conclusion.id, body }, { onSuccess: () => onDone?.() });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="conclusion-row">
      <Stack spacing={1.5}>
        <TextField
          label={t('conclusions.en')}
          value={en}
          onChange={(event) => setEn(event.target.value)}
          size="small"
          fullWidth
        />
        <TextField
          label={t('conclusions.de')}
          value={de}
          onChange={(event) => setDe(event.target.value)}
          size="small"
          fullWidth
        />
        {change.isError && (
          <Alert severity="error">
            {t('conclusions.failed', { message: change.error.message })}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {conclusion.id !== undefined && (
            <Button
              color="error"
              disabled={change.isPending}
              onClick={() => setConfirmingRemoval(true)}
            >
              {t('conclusions.remove')}
            </Button>
          )}
          <Button
            variant="contained"
            disabled={change.isPending || !changed || !en.trim() || !de.trim()}
            onClick={() => run({ en, de })}
          >
            {conclusion.id === undefined ? t('conclusions.add') : t('conclusions.save')}
          </Button>
        </Stack>
      </Stack>
      {confirmingRemoval && (
        <ConfirmDialog
          title={t('conclusions.removeTitle')}
          confirmLabel={t('conclusions.remove')}
          busy={change.isPending}
          onConfirm={() => run(null)}
          onClose={() => setConfirmingRemoval(false)}
        >
          {t('conclusions.removeText', { text: conclusion.en })}
        </ConfirmDialog>
      )}
    </Paper>
  );
}

/** The practice's list of conclusions, edited in English and German. */
export function ConclusionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('evaluation');
  const list = useEditableConclusions();
  const [adding, setAdding] = useState(0);
  return (
    <ViewDialog title={t('conclusions.title')} maxWidth="sm" onClose={onClose}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('conclusions.description')}
      </Typography>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : (
        <Stack spacing={2}>
          {list.data.map((conclusion) => (
            <ConclusionRow
              key={`${conclusion.id}:${conclusion.en}:${conclusion.de}`}
              conclusion={conclusion}
            />
          ))}
          {/* A fresh empty row after each addition. */}
          <ConclusionRow
            key={`new-${adding}`}
            conclusion={{}}
            onDone={() => setAdding((n) => n + 1)}
          />
        </Stack>
      )}
    </ViewDialog>
  );
}
