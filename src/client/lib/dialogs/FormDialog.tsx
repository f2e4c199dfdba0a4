import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { DialogProps } from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../admin-i18n/i18n';
import { ApiError } from '../api-client';
import { DialogFrame } from './DialogFrame';

/**
 * A record's edit form in a dialog (full screen on a phone): the fields, the save failure with
 * the server's message, Cancel and Save. It cannot be closed while saving.
 */
export function FormDialog({
  title,
  maxWidth,
  save,
  saveFailed,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  maxWidth: DialogProps['maxWidth'];
  /** The save request. */
  save: { isPending: boolean; isError: boolean; error: unknown };
  /** The headline of a failed save. */
  saveFailed: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const formId = useId();
  return (
    <DialogFrame
      title={title}
      busy={save.isPending}
      onClose={onClose}
      maxWidth={maxWidth}
      fullScreenOnPhone
    >
      <DialogContent dividers>
        <Box component="form" id={formId} noValidate onSubmit={onSubmit}>
          <Stack spacing={2.5}>
            {children}
            {save.isError && (
              <Alert severity="error" role="alert">
                <strong>{saveFailed}</strong>
                {save.error instanceof ApiError ? `: ${save.error.message}` : ''}
              </Alert>
            )}
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
          {save.isPending ? t('dialog.saving') : t('dialog.save')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
