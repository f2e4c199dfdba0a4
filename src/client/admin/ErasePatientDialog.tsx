import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminResponseUser } from '../../shared/contracts/admin-responses';
import { useErasePatient } from './api/patients';
import './i18n';

/**
 * Erasure cannot be undone, so the admin types the patient's e-mail address again; the server
 * checks the same.
 */
export function ErasePatientDialog({
  user,
  onClose,
}: {
  user: AdminResponseUser;
  onClose(): void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const erase = useErasePatient();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    erase.mutate({ id: user.ID, confirmEmail: typed.trim() }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={erase.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit}>
        <DialogTitle id={titleId}>{t('erase.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('erase.description', {
              name: `${user.firstName} ${user.lastName}`.trim() || user.email,
            })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('erase.confirmLabel', { email: user.email })}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { 'data-testid': 'erase-confirm-email', spellCheck: false } }}
          />
          {erase.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {erase.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={erase.isPending}>
            {t('common:cancel')}
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={!matches || erase.isPending}
          >
            {t('erase.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
