import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../shared/constants';
import { requestNewAccessCode } from '../../lib/auth/api';
import './i18n';

export const FORGOT_CODE_TITLE_ID = 'forgot-code-title';

interface Props {
  /** Back to entering a code (the new one, once it arrived). */
  onBack(): void;
}

/**
 * A patient who lost their code asks for a new one by e-mail address. The confirmation is the
 * same whether or not the address has an assessment: the page must not tell who is a patient.
 */
export function ForgotCodeForm({ onBack }: Props) {
  const { t, i18n } = useTranslation('paywall');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The server checks the address properly; this catches an empty field or a missing @.
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setError(t('forgotCode.invalidEmail'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await requestNewAccessCode(email, normalizeLanguage(i18n.language));
      setSent(true);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={FORGOT_CODE_TITLE_ID}>{t('forgotCode.title')}</DialogTitle>
      <DialogContent>
        {sent ? (
          <Alert severity="success" role="status">
            {t('forgotCode.sent')}
          </Alert>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('forgotCode.description')}</DialogContentText>
            <TextField
              autoFocus
              fullWidth
              required
              type="email"
              label={t('forgotCode.emailLabel')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="email"
              error={Boolean(error)}
              slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
            />
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {sent ? (
          <Button variant="contained" onClick={onBack} autoFocus>
            {t('forgotCode.enterCode')}
          </Button>
        ) : (
          <>
            <Button onClick={onBack}>{t('forgotCode.back')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {submitting ? t('forgotCode.sending') : t('forgotCode.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </form>
  );
}
