import { useTranslation } from 'react-i18next';
import { InvoiceButton } from '../features/invoices/InvoiceButton';
import { EraseMyAssessmentButton } from '../features/privacy/EraseMyAssessmentButton';
import { useAuth } from '../lib/auth/auth-context';
import { DownloadNavButton } from '../lib/DownloadNavButton';

/** MUI's Download icon. */
const DOWNLOAD = 'M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z';

/**
 * The header's navigation for a patient: the invoice, their data, erasure, Logout. Plain HTML
 * (`shell.css`), as the survey it sits above: a patient's first screen loads no MUI.
 */
export default function PatientNavigation() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  return (
    <div className="header-buttons">
      <InvoiceButton />
      <DownloadNavButton
        url="/api/me/export.zip"
        filename="my-assessment-data.zip"
        label={t('nav.myData')}
        hint={t('nav.myDataHint')}
        failedHint={t('nav.myDataFailed')}
        icon={DOWNLOAD}
      />
      <EraseMyAssessmentButton />
      <button type="button" className="button button-inherit header-logout" onClick={logout}>
        {t('nav.logout')}
      </button>
    </div>
  );
}
