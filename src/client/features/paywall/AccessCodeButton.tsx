import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { Icon } from '../../lib/Icon';

/** MUI's KeyOutlined icon. */
const KEY =
  'M21 10h-8.35C11.83 7.67 9.61 6 7 6c-3.31 0-6 2.69-6 6s2.69 6 6 6c2.61 0 4.83-1.67 5.65-4H13l2 2 2-2 2 2 4-4.04zM7 15c-1.65 0-3-1.35-3-3s1.35-3 3-3 3 1.35 3 3-1.35 3-3 3';

/** "I have an access code": says it is not ready until the page has hydrated. */
export function AccessCodeButton({ onPrefetch, onOpen }: { onPrefetch(): void; onOpen(): void }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className="button paywall-access-code"
      aria-disabled={hydrated ? undefined : true}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      onClick={onOpen}
    >
      <span className="button-start-icon">
        <Icon path={KEY} />
      </span>
      {t('accessCode.open')}
    </button>
  );
}
