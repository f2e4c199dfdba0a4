import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endSession } from '../../lib/auth/session-end';
import { DialogFrame } from '../../lib/dialogs/DialogFrame';
import { eraseMyAssessment } from './api';
import './i18n';

const GOES = ['goesAnswers', 'goesMedia', 'goesEvaluation', 'goesCode'] as const;

/**
 * The patient's own erasure: says what goes and what stays (the invoice, by law), and erases
 * only after an explicit tick. Done, the session is over: the paywall says the erasure is done.
 */
export default function EraseMyAssessmentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('privacy');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!understood || busy) return;
    setBusy(true);
    setError(null);
    eraseMyAssessment().then(
      () => endSession({ reason: 'erased' }),
      (failure: Error) => {
        setBusy(false);
        setError(failure.message);
      },
    );
  };
  return (
    <DialogFrame
      title={t('erase.title')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="sm"
    >
      <DialogContent data-testid="erase-my-assessment">
        <Typography sx={{ mb: 2 }}>{t('erase.intro')}</Typography>
        <Typography component="h3" variant="subtitle2">
          {t('erase.goesHeading')}
        </Typography>
        <ul style={{ marginTop: 4 }}>
          {GOES.map((key) => (
            <li key={key}>{t(`erase.${key}`)}</li>
          ))}
        </ul>
        <Typography component="h3" variant="subtitle2">
          {t('erase.staysHeading')}
        </Typography>
        <ul style={{ marginTop: 4 }}>
          <li>{t('erase.staysInvoice')}</li>
        </ul>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mt: 1 }}
          control={
            <Checkbox
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              disabled={busy}
              sx={{ mt: -1 }}
            />
          }
          label={t('erase.confirm')}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t('erase.failed')} {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('erase.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={busy || !understood}>
          {busy ? t('erase.busy') : t('erase.submit')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
