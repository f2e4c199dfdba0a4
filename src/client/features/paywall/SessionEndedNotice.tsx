import { useTranslation } from 'react-i18next';
import { takeSessionEnd, type SessionEnd } from '../../lib/auth/session-end';
import { Notice } from '../../lib/Notice';
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
    <Notice severity="info" role="status" className="paywall-notice" data-testid="session-ended">
      {sessionEndedText(t, end, i18n.language)}
    </Notice>
  );
}
