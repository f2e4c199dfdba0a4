import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';

/** "I have an access code": says it is not ready until the page has hydrated. */
export function AccessCodeButton({ onPrefetch, onOpen }: { onPrefetch(): void; onOpen(): void }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  return (
    <Button
      variant="text"
      startIcon={<KeyOutlined />}
      sx={{ mt: 1.5, ml: -1 }}
      aria-disabled={hydrated ? undefined : true}
      onPointerEnter={onPrefetch}
      onFocus={onPrefetch}
      onClick={onOpen}
    >
      {t('accessCode.open')}
    </Button>
  );
}
