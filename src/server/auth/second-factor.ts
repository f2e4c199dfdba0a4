import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { unauthorized } from '../http/app-error';
import {
  assertNotBackedOff,
  backoffSeconds,
  clearFailures,
  recordFailure,
} from './sign-in-backoff';
import { matchTotp } from './totp';

/**
 * Checks an administrator's authenticator code. Wrong codes slow down the address that sends
 * them (per access code and address, and per address), never the account: the right code from
 * another address still signs in. A used time step is stored, so a code works once.
 */
export async function verifySecondFactor(
  db: Db,
  input: { userId: number; accessCodeId: number; totpSecret: string; totp: string; ip: string },
  now: number,
): Promise<void> {
  const keys = [`totp:code:${input.accessCodeId}:ip:${input.ip}`, `totp:ip:${input.ip}`];
  await assertNotBackedOff(db, keys, new Date(now));
  const step = matchTotp(input.totpSecret, input.totp, now);
  const [accepted] =
    step === null
      ? []
      : await db
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(users.id, input.userId),
              or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
            ),
          )
          .returning({ id: users.id });
  if (accepted) {
    await clearFailures(db, keys);
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
      accessCodeId: input.accessCodeId,
      detail: `${failures} wrong codes in a row; next try in ${wait} s`,
    });
  }
  throw unauthorized('auth.totpInvalid');
}
