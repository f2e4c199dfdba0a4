import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AdminAssessmentSummary } from '../../../shared/contracts/admin-patients';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { useSendNewAccessCode } from './patients-api';
import '../../lib/admin-i18n/i18n';

/**
 * "Send a new access code" for a patient who lost theirs: the server e-mails it to the address
 * of the assessment, so the practice never sees the code; the current one stops working once
 * the new one has been sent.
 */
export function NewAccessCodeButton({
  code,
  onSent,
}: {
  code: AdminAssessmentSummary;
  onSent(): void;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const send = useSendNewAccessCode();
  const label = t('newCode.open');
  const close = () => {
    setOpen(false);
    send.reset();
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={`${label} #${code.ID}`} onClick={() => setOpen(true)}>
          <ForwardToInboxIcon />
        </IconButton>
      </Tooltip>
      <ConfirmDialog
        open={open}
        title={t('newCode.title')}
        maxWidth="sm"
        confirmLabel={t('newCode.confirm')}
        confirmColor="primary"
        busy={send.isPending}
        error={send.isError ? send.error.message : null}
        onConfirm={() =>
          send.mutate(code.ID, {
            onSuccess: () => {
              close();
              onSent();
            },
          })
        }
        onClose={close}
      >
        <Trans
          t={t}
          i18nKey="newCode.description"
          values={{
            name: `${code.firstName} ${code.lastName}`.trim() || `#${code.ID}`,
            code: code.accessCode,
          }}
          // The masked code on one line: it breaks at its hyphens otherwise.
          components={{ code: <span style={{ whiteSpace: 'nowrap' }} /> }}
        />
      </ConfirmDialog>
    </>
  );
}
