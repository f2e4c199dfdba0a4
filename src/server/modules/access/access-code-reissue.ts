import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Language } from '../../../shared/constants';
import { conflict, notFound } from '../../platform/errors';
import type { Db, DbOrTx } from '../../platform/db/client';
import {
  endAssessmentSessions,
  findAssessmentWithAccount,
  listAssessmentsOfAccount,
} from '../assessments';
import { recordAudit } from '../audit';
import { enqueueAccessCodeMail } from './access-code-delivery';
import { assessmentsWithLiveCode, retireCodesOf } from './access-codes-repository';
import { findAccountByEmail } from '../accounts';
import type { AuthContext } from '../../platform/auth-context';
import { countWithinRateLimit, type RateLimitRule } from '../accounts';

/** New codes per address: enough for a patient who mistyped, too few to flood their inbox. */
export const FORGOT_ADDRESS_LIMIT: RateLimitRule = {
  name: 'forgot-code:address',
  limit: 3,
  windowSeconds: 60 * 60,
};
/** Requests per caller address, whatever e-mail addresses they name. */
export const FORGOT_IP_LIMIT: RateLimitRule = {
  name: 'forgot-code:ip',
  limit: 10,
  windowSeconds: 60 * 60,
};
/**
 * Every reply takes at least this long: a known address costs a few more writes than an unknown
 * one, and the reply must not tell them apart by its timing either.
 */
export const FORGOT_REPLY_MIN_MS = 400;

/**
 * A patient lost their code: each assessment bought with the address whose code still signs in
 * gets a mail with a new code, added beside the old one, which stops working only when the new
 * one is first used (so a stranger who names the address locks nobody out). Every
 * assessment, not just the latest: the patient may need any of them (to finish it, or to export
 * their data), each mail names its assessment by the time it was ordered, and a code is
 * replaced only by one that reached the address, so nothing is lost for a patient who did not
 * ask. Answers the same whether or not the address is known, and whether or not a limit was
 * reached: past a limit nothing is sent.
 */
export async function requestNewAccessCode(
  db: Db,
  input: { email: string; language: Language; ip: string },
): Promise<void> {
  const started = Date.now();
  try {
    await reissueForAddress(db, input);
  } finally {
    await sleep(Math.max(0, started + FORGOT_REPLY_MIN_MS - Date.now()));
  }
}

/**
 * The assessments bought with an address (stored lower-case) whose codes still sign in, newest
 * first; none for an administrator, whose codes are managed on the command line.
 */
async function patientAssessmentsWithLiveCode(
  db: DbOrTx,
  address: string,
): Promise<{ id: number; userId: number }[]> {
  const account = await findAccountByEmail(db, address);
  if (!account || account.isAdmin) return [];
  const assessments = await listAssessmentsOfAccount(db, account.id);
  const live = await assessmentsWithLiveCode(
    db,
    assessments.map((assessment) => assessment.id),
  );
  return assessments.filter((assessment) => live.has(assessment.id));
}

async function reissueForAddress(
  db: Db,
  input: { email: string; language: Language; ip: string },
): Promise<void> {
  const address = input.email.toLowerCase();
  // Counted for every request, known address or not; the address only as a hash.
  const ipAllowed = await countWithinRateLimit(db, FORGOT_IP_LIMIT, input.ip);
  const addressAllowed = await countWithinRateLimit(
    db,
    FORGOT_ADDRESS_LIMIT,
    createHash('sha256').update(address).digest('hex'),
  );
  await db.transaction(async (tx) => {
    const assessments = await patientAssessmentsWithLiveCode(tx, address);
    for (const assessment of assessments) {
      const queued =
        ipAllowed &&
        addressAllowed &&
        (await enqueueAccessCodeMail(tx, assessment.id, {
          reason: 'reissue',
          language: input.language,
        })) !== null;
      await recordAudit(tx, null, {
        action: 'access-code.forgot',
        patientUserId: assessment.userId,
        assessmentId: assessment.id,
        detail:
          !ipAllowed || !addressAllowed ? 'rate-limited' : queued ? 'queued' : 'already-queued',
      });
    }
  });
}

/**
 * An administrator sends the patient of an assessment a new code (the patient's was lost or
 * leaked). The old code and every session opened with it end at once; the new code goes only to
 * the address the assessment was bought with: the practice never sees it. An erased assessment
 * no longer exists (404); a refunded one is not opened again (409).
 */
export async function sendNewAccessCode(
  db: Db,
  actor: AuthContext,
  assessmentId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findAssessmentWithAccount(tx, assessmentId);
    if (!row) throw notFound('admin.accessCodeNotFound');
    // Administrators' codes are managed on the command line, with their second factor; a
    // refunded assessment is not opened again.
    if (row.assessment.cancelledAt || row.account.isAdmin) {
      throw conflict('admin.accessCodeRetired');
    }
    // A leaked code: it and every session opened with it end now, not when the mail goes out.
    await retireCodesOf(tx, [assessmentId], new Date());
    await endAssessmentSessions(tx, assessmentId, 'code_replaced');
    const queued = await enqueueAccessCodeMail(tx, assessmentId, { reason: 'admin-reissue' });
    await recordAudit(tx, actor, {
      action: 'access-code.reissue',
      patientUserId: row.account.id,
      assessmentId: assessmentId,
      detail: queued === null ? 'already-queued' : 'queued',
    });
  });
}
