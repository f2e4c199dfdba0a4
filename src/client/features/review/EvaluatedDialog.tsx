import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localIsoDate } from '../../../shared/dates';

interface Props {
  patientName: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(evaluationSentOn: string): void;
}

export function EvaluatedDialog({ patientName, busy, onCancel, onConfirm }: Props) {
  const { t } = useTranslation(['review', 'common']);
  const [date, setDate] = useState(() => localIsoDate());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date) onConfirm(date);
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby="evaluated-title" fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id="evaluated-title">{t('evaluatedDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('evaluatedDialog.description', { name: patientName })}
          </DialogContentText>
          <TextField
            type="date"
            required
            fullWidth
            label={t('evaluatedDialog.date')}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: localIsoDate() } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !date}>
            {t('evaluatedDialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
