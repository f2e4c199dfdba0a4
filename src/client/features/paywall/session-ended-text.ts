import type { TFunction } from 'i18next';
import type { SessionEnd } from '../../lib/auth/session-end';
import { formatDate } from '../../lib/format';

/** The one sentence that tells why a session ended (or a code no longer opens anything). */
export function sessionEndedText(t: TFunction, end: SessionEnd, language: string): string {
  const date = end.refundedAt ? formatDate(end.refundedAt, language) : '';
  return t(`paywall:sessionEnded.${end.reason}`, { date });
}
