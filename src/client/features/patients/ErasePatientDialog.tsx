import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPatient } from '../../../shared/contracts/admin-patients';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { useErasePatient } from './patients-api';
import '../../lib/admin-i18n/i18n';

/**
 * The explicit second choice: every assessment of an address, each person listed by name. It
 * cannot be undone, so the admin types the address again; the server checks the same.
 */
export function ErasePatientDialog({ user, onClose }: { user: AdminPatient; onClose(): void }) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const erase = useErasePatient();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <ConfirmDialog
      title={t('erase.title')}
      maxWidth="sm"
      confirmLabel={t('erase.confirm')}
      canConfirm={matches}
      busy={erase.isPending}
      error={erase.isError ? erase.error.message : null}
      onConfirm={() =>
        erase.mutate({ id: user.ID, confirmEmail: typed.trim() }, { onSuccess: onClose })
      }
      onClose={onClose}
      fields={
        <TextField
          autoFocus
          fullWidth
          label={t('erase.confirmLabel', { email: user.email })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'erase-confirm-email', spellCheck: false } }}
        />
      }
    >
      {t('erase.description', { email: user.email })}
      <ul data-testid="erase-address-names">
        {user.accessCodes.map((code) => (
          <li key={code.ID}>
            {`${code.firstName} ${code.lastName}`.trim() || code.email} ({code.accessCode})
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
