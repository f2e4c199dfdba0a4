import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';

/** A page's loading state; plain HTML, as it shows while a page's code (and MUI) loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" className="page-loader">
      <Spinner label={t('loading')} />
    </div>
  );
}
