import { useTranslation } from 'react-i18next';
import { takeSessionEnd, type SessionEnd } from '../../lib/auth/session-end';
import { Notice } from '../../lib/Notice';
import { usePracticeTimeZone } from '../../lib/practice-zone';
import { useBrowserValue } from '../../lib/use-hydrated';
import { sessionEndedText } from './session-ended-text';

// Taken once per page load: the notice belongs to the sign-out that led here, not to later visits.
let taken: SessionEnd | null | undefined;
const sessionEndOnce = () => (taken === undefined ? (taken = takeSessionEnd()) : taken);

/** Why the browser was just signed out, on the paywall it landed on. */
export function SessionEndedNotice() {
  const end = useBrowserValue(sessionEndOnce);
  if (!end) return null;
  return end.refundedAt ? <DatedNotice end={end} /> : <Text end={end} />;
}

/** A refund's day is the practice's, as on every signed-in page and in the e-mails. */
function DatedNotice({ end }: { end: SessionEnd }) {
  usePracticeTimeZone();
  return <Text end={end} />;
}

function Text({ end }: { end: SessionEnd }) {
  const { t, i18n } = useTranslation('paywall');
  return (
    <Notice severity="info" role="status" className="paywall-notice" data-testid="session-ended">
      {sessionEndedText(t, end, i18n.language)}
    </Notice>
  );
}
