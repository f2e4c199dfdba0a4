import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { DialogProps } from '@mui/material/Dialog';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../admin-i18n/i18n';
import { DialogFrame } from './DialogFrame';

/** A dialog that only shows something (full screen on a phone), closed with its Close button. */
export function ViewDialog({
  title,
  maxWidth,
  paperSx,
  onClose,
  children,
}: {
  title: string;
  maxWidth: DialogProps['maxWidth'];
  paperSx?: SxProps<Theme>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <DialogFrame
      title={title}
      onClose={onClose}
      maxWidth={maxWidth}
      fullScreenOnPhone
      paperSx={paperSx}
    >
      {/* What is shown may scroll (a diagram in German at 820 px): keyboard users scroll it
          once it has focus. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label={title}>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('dialog.close')}</Button>
      </DialogActions>
    </DialogFrame>
  );
}
