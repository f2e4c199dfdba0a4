import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { takeSessionEnd, type SessionEnd } from '../../lib/auth/session-end';
import { useBrowserValue } from '../../lib/use-hydrated';
import { sessionEndedText } from './session-ended-text';

// Taken once per page load: the notice belongs to the sign-out that led here, not to later visits.
let taken: SessionEnd | null | undefined;
const sessionEndOnce = () => (taken === undefined ? (taken = takeSessionEnd()) : taken);

/** Why the browser was just signed out, on the paywall it landed on. */
export function SessionEndedNotice() {
  const { t, i18n } = useTranslation('paywall');
  const end = useBrowserValue(sessionEndOnce);
  if (!end) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 3 }} data-testid="session-ended">
      {sessionEndedText(t, end, i18n.language)}
    </Alert>
  );
}
