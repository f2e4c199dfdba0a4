import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { normalizeLanguage } from '../../../shared/constants';
import { ApiError } from '../../lib/api-client';
import { sessionEndOf } from '../../lib/auth/session-end';
import { loadPracticeTimeZone } from '../../lib/practice-zone';
import { sessionEndedText } from './session-ended-text';
import { verifyAccessCode } from '../../lib/auth/api';
import { useAuth } from '../../lib/auth/auth-context';
import { homeOf } from '../../lib/auth/home';
import { FORGOT_CODE_TITLE_ID, ForgotCodeForm } from './ForgotCodeForm';

interface Props {
  open: boolean;
  onClose(): void;
}

/** For a returning patient: the code from the e-mail signs them in and opens the survey. */
export default function AccessCodeDialog({ open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Administrators are asked for their authenticator code once the access code checks out.
  const [totpStep, setTotpStep] = useState(false);
  const [totp, setTotp] = useState('');
  // A patient who lost the code asks for a new one here, then comes back to enter it.
  const [forgot, setForgot] = useState(false);
  const { t: tPaywall } = useTranslation('paywall');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('accessCode.required'));
      return;
    }
    if (totpStep && !/^\d{6}$/.test(totp.trim())) {
      setError(t('accessCode.totpRequired'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await verifyAccessCode(
        code,
        normalizeLanguage(i18n.language),
        totpStep ? totp : undefined,
      );
      login(result);
      onClose();
      // The dentist starts at the work waiting; a patient at the survey.
      navigate(homeOf(result.user));
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      const status = apiError?.status ?? 0;
      const ended = sessionEndOf(apiError?.body);
      if (ended) {
        // A code that once worked: refunded, erased or replaced, said as such; a refund's day
        // in the practice's zone.
        if (ended.refundedAt) await loadPracticeTimeZone();
        setError(sessionEndedText(t, ended, i18n.language));
      } else if (apiError?.code === 'auth.totpRequired') {
        setTotpStep(true);
      } else if (apiError?.code?.startsWith('auth.totp')) {
        setError(apiError.message);
        setTotp('');
      } else if (status === 429 || status >= 500 || status === 0) {
        // Rate limiting and outages carry their own message.
        setError((caught as Error).message);
      } else {
        setError(t('accessCode.invalid'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      transitionDuration={{ exit: 300 }}
      aria-labelledby={forgot ? FORGOT_CODE_TITLE_ID : 'access-code-title'}
      slotProps={{ transition: { onExited: () => setForgot(false) } }}
    >
      {forgot ? (
        <ForgotCodeForm onBack={() => setForgot(false)} />
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogTitle id="access-code-title">{t('accessCode.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('accessCode.description')}</DialogContentText>
            <TextField
              autoFocus={!totpStep}
              fullWidth
              required
              disabled={totpStep}
              label={t('accessCode.label')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              type={visible ? 'text' : 'password'}
              autoComplete="one-time-code"
              error={Boolean(error)}
              slotProps={{
                htmlInput: { spellCheck: false, autoCapitalize: 'characters' },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        onClick={() => setVisible((shown) => !shown)}
                        aria-label={visible ? t('accessCode.hide') : t('accessCode.show')}
                        edge="end"
                      >
                        {visible ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            {!totpStep && (
              <Button sx={{ mt: 1, ml: -1 }} onClick={() => setForgot(true)}>
                {tPaywall('forgotCode.open')}
              </Button>
            )}
            {totpStep && (
              <TextField
                autoFocus
                fullWidth
                required
                sx={{ mt: 2 }}
                label={t('accessCode.totpLabel')}
                helperText={t('accessCode.totpHelp')}
                value={totp}
                onChange={(event) => setTotp(event.target.value.replace(/\D/g, '').slice(0, 6))}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
              />
            )}
            {error && (
              <Alert severity="error" sx={{ mt: 2 }} role="alert">
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{t('accessCode.close')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {submitting ? t('accessCode.submitting') : t('accessCode.submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
