import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_HEADER_BUTTON_SX } from '../../lib/phone-header-button';
import { usePhone } from '../../lib/use-phone';
import './i18n';

// Loaded when opened: most patients never erase, their page need not carry the dialog.
const EraseMyAssessmentDialog = lazy(() => import('./EraseMyAssessmentDialog'));

/** "My data": the patient erases their own assessment (GDPR Art. 17), after a confirmation. */
export function EraseMyAssessmentButton() {
  const { t } = useTranslation('privacy');
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        onClick={() => setOpen(true)}
        title={t('erase.buttonHint')}
        aria-haspopup="dialog"
        startIcon={phone ? undefined : <DeleteForeverIcon />}
        sx={phone ? PHONE_HEADER_BUTTON_SX : undefined}
      >
        {phone && <DeleteForeverIcon />}
        {phone ? t('erase.button') : t('erase.buttonHint')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <EraseMyAssessmentDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
