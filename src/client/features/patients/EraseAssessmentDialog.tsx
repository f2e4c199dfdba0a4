import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminAssessmentSummary } from '../../../shared/contracts/admin-patients';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { formatDate } from '../../lib/format';
import { useEraseAssessment } from './patients-api';
import '../../lib/admin-i18n/i18n';

const normalized = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Erases one assessment: the dialog names the person and exactly what goes and what stays, and
 * the admin types that person's name (an address may be a family's; a name says whose record).
 */
export function EraseAssessmentDialog({
  code,
  onClose,
}: {
  code: AdminAssessmentSummary;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const erase = useEraseAssessment();
  const name = `${code.firstName} ${code.lastName}`.trim() || code.email;
  const values = {
    name,
    email: code.email,
    code: code.accessCode,
    count: code.responseCount,
    ordered: formatDate(code.createdAt, i18n.language),
    born: code.dateOfBirth
      ? formatDate(code.dateOfBirth, i18n.language)
      : t('eraseAssessment.unknownBirth'),
  };
  return (
    <ConfirmDialog
      title={t('eraseAssessment.title', values)}
      maxWidth="sm"
      confirmLabel={t('eraseAssessment.confirm')}
      canConfirm={normalized(typed) === normalized(name)}
      busy={erase.isPending}
      error={erase.isError ? erase.error.message : null}
      onConfirm={() =>
        erase.mutate({ id: code.ID, confirmName: typed.trim() }, { onSuccess: onClose })
      }
      onClose={onClose}
      fields={
        <TextField
          autoFocus
          fullWidth
          label={t('eraseAssessment.confirmLabel', values)}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'erase-confirm-name', spellCheck: false } }}
        />
      }
    >
      <Typography component="span" sx={{ display: 'block' }}>
        {t('eraseAssessment.description', values)}
      </Typography>
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        {t('eraseAssessment.what', values)}
      </Typography>
      <Typography component="span" sx={{ display: 'block', mt: 1 }}>
        {t('eraseAssessment.stays', values)}
      </Typography>
    </ConfirmDialog>
  );
}
