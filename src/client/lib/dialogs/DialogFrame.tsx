import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type FormEvent, type ReactNode } from 'react';
import { usePhone } from '../use-phone';

/**
 * A dialog named by its title. While busy (a save or delete is running) it cannot be closed.
 * With onSubmit the title, content and actions sit in one form, so Enter in a field submits.
 */
export function DialogFrame({
  title,
  open = true,
  busy = false,
  onClose,
  onSubmit,
  maxWidth,
  fullScreenOnPhone = false,
  paperSx,
  children,
}: {
  title: string;
  open?: boolean;
  busy?: boolean;
  onClose: () => void;
  onSubmit?: (event: FormEvent) => void;
  maxWidth: DialogProps['maxWidth'];
  fullScreenOnPhone?: boolean;
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const titleId = useId();
  const phone = usePhone();
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreenOnPhone && phone}
      slotProps={paperSx ? { paper: { sx: paperSx } } : undefined}
    >
      {onSubmit ? <form onSubmit={onSubmit}>{body}</form> : body}
    </Dialog>
  );
}
