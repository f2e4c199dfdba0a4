import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../platform/db/client';
import {
  findAssessmentByCodeHash,
  insertAssessment,
  setAccessCode,
  type AssessmentRow,
  type NewAssessment,
} from '../assessments/assessments-repository';

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

/** What a checkout records about the patient on the assessment it bought. */
export type AssessmentDetails = Partial<
  Omit<NewAssessment, 'id' | 'userId' | 'codeHash' | 'codeHint'>
>;

/** A new assessment for the account, with a fresh access code (returned once, stored hashed). */
export async function createAccessCode(
  db: DbOrTx,
  userId: number,
  details: AssessmentDetails = {},
): Promise<{ id: number; code: string; assessment: AssessmentRow }> {
  const code = generateAccessCode();
  const row = await insertAssessment(db, {
    ...details,
    userId,
    codeHash: hashAccessCode(code),
    codeHint: accessCodeHint(code),
  });
  return { id: row.id, code, assessment: row };
}

/**
 * Makes `code` the assessment's access code in place of its current one (which stops working),
 * as long as the assessment exists and its code was not retired; false otherwise.
 */
export async function replaceAccessCode(
  db: DbOrTx,
  assessmentId: number,
  code: string,
): Promise<boolean> {
  return setAccessCode(db, assessmentId, {
    codeHash: hashAccessCode(code),
    codeHint: accessCodeHint(code),
  });
}

/** Looks the code up by its hash and confirms the match in constant time. */
export async function findAccessCode(db: DbOrTx, code: string) {
  const normalized = normalizeAccessCode(code);
  if (normalized.length !== CODE_GROUPS * GROUP_LENGTH) return undefined;
  const hash = hashAccessCode(normalized);
  const row = await findAssessmentByCodeHash(db, hash);
  if (!row?.codeHash) return undefined;
  const matches = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hash, 'hex'));
  return matches ? row : undefined;
}
