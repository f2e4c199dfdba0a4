import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import type { DialogProps } from '@mui/material/Dialog';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../admin-i18n/i18n';
import { DialogFrame } from './DialogFrame';

/**
 * A confirmation of something that cannot be undone (a delete, an erasure), with what it
 * concerns and any field it needs; it stays open with the server's message when it fails.
 */
export function ConfirmDialog({
  open = true,
  title,
  children,
  fields,
  confirmLabel,
  confirmColor = 'error',
  canConfirm = true,
  busy = false,
  error,
  maxWidth = 'xs',
  onConfirm,
  onClose,
}: {
  open?: boolean;
  title: string;
  /** What the action concerns. */
  children?: ReactNode;
  /** What the admin must enter first (the first field gets the focus). */
  fields?: ReactNode;
  confirmLabel?: string;
  /** Red for what destroys data; primary for a step that replaces something (a new code). */
  confirmColor?: 'error' | 'primary';
  canConfirm?: boolean;
  busy?: boolean;
  error?: string | null;
  maxWidth?: DialogProps['maxWidth'];
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm && !busy) onConfirm();
  };
  return (
    <DialogFrame
      open={open}
      title={title}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      maxWidth={maxWidth}
    >
      {(children || fields || error) && (
        <DialogContent>
          {children && (
            <DialogContentText component="div" sx={fields ? { mb: 2 } : undefined}>
              {children}
            </DialogContentText>
          )}
          {fields}
          {error && (
            <Alert severity="error" sx={{ mt: children || fields ? 2 : 0 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* Without a field to type in, the safe choice has the focus: a stray Enter deletes nothing. */}
        <Button onClick={onClose} disabled={busy} autoFocus={!fields}>
          {t('dialog.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={confirmColor}
          disabled={busy || !canConfirm}
        >
          {confirmLabel ?? t('dialog.delete')}
        </Button>
      </DialogActions>
    </DialogFrame>
  );
}
