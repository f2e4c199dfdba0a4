import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminProfile, useSaveAdminProfile } from './api';
import './i18n';

/** The signed-in dentist's name and title, as evaluations they send will carry it. */
export function AdminProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('adminProfile');
  const profile = useAdminProfile(open);
  const save = useSaveAdminProfile();
  const [edited, setEdited] = useState<string | null>(null);
  const name = edited ?? profile.data?.displayName ?? '';
  const close = () => {
    setEdited(null);
    save.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogContent>
        <TextField
          label={t('name')}
          helperText={t('nameHint')}
          value={name}
          onChange={(event) => setEdited(event.target.value)}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'admin-display-name' } }}
        />
        {save.isSuccess && <Alert severity="success">{t('saved')}</Alert>}
        {save.isError && <Alert severity="error">{t('failed')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!name.trim() || save.isPending}
          onClick={() => save.mutate({ displayName: name.trim() })}
        >
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
