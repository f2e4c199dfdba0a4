import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accessCodes } from '../db/schema';

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
  Omit<typeof accessCodes.$inferInsert, 'id' | 'userId' | 'codeHash' | 'codeHint'>
>;

/** A new assessment for the account, with a fresh access code (returned once, stored hashed). */
export async function createAccessCode(
  db: DbOrTx,
  userId: number,
  details: AssessmentDetails = {},
): Promise<{ id: number; code: string; assessment: typeof accessCodes.$inferSelect }> {
  const code = generateAccessCode();
  const [row] = await db
    .insert(accessCodes)
    .values({ ...details, userId, codeHash: hashAccessCode(code), codeHint: accessCodeHint(code) })
    .returning();
  return { id: row!.id, code, assessment: row! };
}

/** Retires every access code of the account: none of them signs in again. */
export async function retireAccessCodes(db: DbOrTx, userId: number): Promise<void> {
  await db.update(accessCodes).set({ codeHash: null }).where(eq(accessCodes.userId, userId));
}

/** Looks the code up by its hash and confirms the match in constant time. */
export async function findAccessCode(db: DbOrTx, code: string) {
  const normalized = normalizeAccessCode(code);
  if (normalized.length !== CODE_GROUPS * GROUP_LENGTH) return undefined;
  const hash = hashAccessCode(normalized);
  const [row] = await db.select().from(accessCodes).where(eq(accessCodes.codeHash, hash)).limit(1);
  if (!row?.codeHash) return undefined;
  const matches = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hash, 'hex'));
  return matches ? row : undefined;
}
