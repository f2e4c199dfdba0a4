import { recordAudit } from '../audit';
import type { Db } from '../../platform/db/client';
import { unauthenticated } from '../../platform/errors';
import { acceptTotpStep, clearBackoff } from './accounts-repository';
import { assertNotBackedOff, backoffSeconds, recordFailure } from './sign-in-backoff';
import { matchTotp } from './totp';

/**
 * Checks an administrator's authenticator code. Wrong codes slow down the address that sends
 * them (per access code and address, and per address), never the account: the right code from
 * another address still signs in. A used time step is stored, so a code works once.
 */
export async function verifySecondFactor(
  db: Db,
  input: { userId: number; assessmentId: number; totpSecret: string; totp: string; ip: string },
  now: number,
): Promise<void> {
  const keys = [`totp:code:${input.assessmentId}:ip:${input.ip}`, `totp:ip:${input.ip}`];
  await assertNotBackedOff(db, keys, new Date(now));
  const step = matchTotp(input.totpSecret, input.totp, now);
  const accepted = step !== null && (await acceptTotpStep(db, input.userId, step));
  if (accepted) {
    await clearBackoff(db, keys);
    return;
  }
  const failures = await recordFailure(db, keys, new Date(now));
  const wait = backoffSeconds(failures);
  // Past the free typos every failure is someone guessing, or an admin in trouble: the practice
  // sees it in the audit log (no codes in it).
  if (wait > 0) {
    await recordAudit(db, null, {
      action: 'admin.totp-failures',
      patientUserId: input.userId,
      assessmentId: input.assessmentId,
      detail: `${failures} wrong codes in a row; next try in ${wait} s`,
    });
  }
  throw unauthenticated('auth.totpInvalid');
}
