import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { maskedAccessCode } from '../../../shared/contracts/admin-patients';
import type { DbOrTx } from '../../platform/db/client';
import { findAssessment, type AssessmentRow } from '../assessments';
import { createAssessment, endAssessmentSessions, type AssessmentDetails } from '../assessments';
import type { SessionEnded } from '../../platform/auth-context';
import {
  findCodeByHash,
  wasErasedCode,
  findLiveCodeByHash,
  insertAccessCode,
  latestCodeHints,
  replaceLiveCode,
  retireCodesBefore,
} from './access-codes-repository';

// Crockford's base32: no I, L, O or U, so codes read aloud or typed from an e-mail survive.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_GROUPS = 4;
const GROUP_LENGTH = 4;

/** 16 characters of 5 bits each: 80 bits of entropy, shown as XXXX-XXXX-XXXX-XXXX. */
export function generateAccessCode(): string {
  const bytes = randomBytes(CODE_GROUPS * GROUP_LENGTH);
  const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join('');
  return chars.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** Upper-cases, drops separators and maps look-alike letters, as Crockford's decoding does. */
export function normalizeAccessCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export function hashAccessCode(code: string): string {
  return createHash('sha256').update(normalizeAccessCode(code)).digest('hex');
}

export function accessCodeHint(code: string): string {
  return normalizeAccessCode(code).slice(-4);
}

/** Issues a new code for the assessment, beside any it has: returned once, stored hashed. */
export async function issueAccessCode(db: DbOrTx, assessmentId: number): Promise<string> {
  const code = generateAccessCode();
  await insertAccessCode(db, {
    assessmentId,
    codeHash: hashAccessCode(code),
    codeHint: accessCodeHint(code),
  });
  return code;
}

/** Adds `code` to the assessment's codes beside those it has (stored hashed). */
export async function addAccessCode(db: DbOrTx, assessmentId: number, code: string): Promise<void> {
  await insertAccessCode(db, {
    assessmentId,
    codeHash: hashAccessCode(code),
    codeHint: accessCodeHint(code),
  });
}

/** A new assessment of the account with its first access code (returned once, stored hashed). */
export async function createAssessmentWithCode(
  db: DbOrTx,
  userId: number,
  details: AssessmentDetails = {},
): Promise<{ id: number; code: string; assessment: AssessmentRow }> {
  const assessment = await createAssessment(db, userId, details);
  const code = await issueAccessCode(db, assessment.id);
  return { id: assessment.id, code, assessment };
}

/**
 * Makes `code` the assessment's access code in place of its live one (which is retired), as
 * long as the assessment has a live code; false otherwise (refunded, or its code retired).
 */
export async function replaceAccessCode(
  db: DbOrTx,
  assessmentId: number,
  code: string,
): Promise<boolean> {
  return replaceLiveCode(
    db,
    assessmentId,
    { codeHash: hashAccessCode(code), codeHint: accessCodeHint(code) },
    new Date(),
  );
}

/**
 * The assessment a live code opens, with the code's row id: looked up by its hash, the match
 * confirmed in constant time.
 */
export async function findAccessCode(
  db: DbOrTx,
  code: string,
): Promise<{ assessment: AssessmentRow; codeId: number } | undefined> {
  const normalized = normalizeAccessCode(code);
  if (normalized.length !== CODE_GROUPS * GROUP_LENGTH) return undefined;
  const hash = hashAccessCode(normalized);
  const row = await findLiveCodeByHash(db, hash);
  if (!row) return undefined;
  const matches = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hash, 'hex'));
  const assessment = matches ? await findAssessment(db, row.assessmentId) : undefined;
  return assessment && { assessment, codeId: row.id };
}

/**
 * Signing in with `codeId` retires the assessment's older codes and, when there were any, ends
 * every session opened with them: a code sent anew replaces the old one only once it is used,
 * so a code asked for by someone else costs the patient nothing until the patient uses it.
 */
export async function takeOverOlderCodes(
  db: DbOrTx,
  assessmentId: number,
  codeId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const retired = await retireCodesBefore(tx, assessmentId, codeId, new Date());
    if (retired > 0) await endAssessmentSessions(tx, assessmentId, 'code_replaced');
    return retired > 0;
  });
}

/**
 * Each assessment's code as the practice may see it: "••••-••••-••••-XXXX", the last
 * characters of its latest code (the code itself exists only as a hash).
 */
export async function maskedCodesOf(
  db: DbOrTx,
  assessmentIds: number[],
): Promise<Map<number, string>> {
  const hints = await latestCodeHints(db, assessmentIds);
  return new Map(assessmentIds.map((id) => [id, maskedAccessCode(hints.get(id) ?? '????')]));
}

/**
 * Why a well-formed code that opens nothing no longer does, when it once did: its assessment
 * was refunded (with the date), replaced by a newer code, or erased. Null for a code never
 * issued (or mistyped): that is simply wrong.
 */
export async function whyCodeFails(db: DbOrTx, code: string): Promise<SessionEnded | null> {
  const normalized = normalizeAccessCode(code);
  if (normalized.length !== CODE_GROUPS * GROUP_LENGTH) return null;
  const hash = hashAccessCode(normalized);
  const row = await findCodeByHash(db, hash);
  if (!row) return (await wasErasedCode(db, hash)) ? { ended: 'erased' } : null;
  if (!row.retiredAt) return null;
  const assessment = await findAssessment(db, row.assessmentId);
  if (assessment?.cancelledAt) return { ended: 'refunded', refundedAt: assessment.cancelledAt };
  return { ended: 'code_replaced' };
}
