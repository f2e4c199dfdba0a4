import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../lib/Icon';
import { lazyThemed } from '../../lib/mui/lazy-themed';
import './i18n';

// Loaded when opened, with MUI: most patients never erase, their page need not carry the dialog.
const EraseMyAssessmentDialog = lazyThemed(() => import('./EraseMyAssessmentDialog'));

/** MUI's DeleteForever icon. */
const DELETE_FOREVER =
  'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zm2.46-7.12 1.41-1.41L12 12.59l2.12-2.12 1.41 1.41L13.41 14l2.12 2.12-1.41 1.41L12 15.41l-2.12 2.12-1.41-1.41L10.59 14zM15.5 4l-1-1h-5l-1 1H5v2h14V4z';

/**
 * "My data": the patient erases their own assessment (GDPR Art. 17), after a confirmation. The
 * button says "Erase" under its icon on a phone and "Erase my assessment" beside it on wider
 * screens (`shell.css` shows one of the two labels).
 */
export function EraseMyAssessmentButton() {
  const { t } = useTranslation('privacy');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-inherit header-button"
        onClick={() => setOpen(true)}
        title={t('erase.buttonHint')}
        aria-haspopup="dialog"
      >
        <span className="button-start-icon">
          <Icon path={DELETE_FOREVER} />
        </span>
        <span className="header-button-phone">{t('erase.button')}</span>
        <span className="header-button-wide">{t('erase.buttonHint')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <EraseMyAssessmentDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
