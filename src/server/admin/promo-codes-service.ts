import { desc, eq, sql } from 'drizzle-orm';
import type { PromoCode, PromoCodeWriteBody } from '../../shared/contracts/promo-codes';
import type { Db, DbOrTx } from '../db/client';
import { promoCodes, users } from '../db/schema';
import { AppError, conflict, notFound } from '../http/app-error';
import { isUniqueViolation } from './pg-errors';

const columns = {
  ID: promoCodes.id,
  Code: promoCodes.code,
  AmountCents: promoCodes.amountCents,
  Status: promoCodes.status,
  ExpiresAt: promoCodes.expiresAt,
  CreatedAt: promoCodes.createdAt,
  RedeemedByUserID: promoCodes.redeemedByUserId,
  RedeemedByEmail: users.email,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null;
};

function toPromoCode(row: Row): PromoCode {
  return {
    ID: row.ID!,
    Code: row.Code!,
    AmountCents: row.AmountCents!,
    Status: row.Status!,
    ExpiresAt: row.ExpiresAt ? row.ExpiresAt.toISOString() : null,
    CreatedAt: row.CreatedAt!.toISOString(),
    RedeemedByUserID: row.RedeemedByUserID ?? null,
    RedeemedByEmail: row.RedeemedByEmail ?? null,
  };
}

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(promoCodes)
    .leftJoin(users, eq(users.id, promoCodes.redeemedByUserId));
}

export async function listPromoCodes(db: DbOrTx): Promise<PromoCode[]> {
  const rows = await select(db).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map(toPromoCode);
}

async function getPromoCode(db: DbOrTx, id: number): Promise<PromoCode> {
  const [row] = await select(db).where(eq(promoCodes.id, id));
  if (!row) throw notFound('admin.promoCodeNotFound');
  return toPromoCode(row);
}

const duplicate = (code: string) => new AppError(409, 'admin.promoCodeDuplicate', { code });

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(eq(promoCodes.code, code));
  if (row && row.id !== exceptId) throw duplicate(code);
}

/** The unique index has the last word when two administrators race for one code. */
async function translatingDuplicates<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(code);
    throw error;
  }
}

export async function createPromoCode(db: Db, body: PromoCodeWriteBody): Promise<PromoCode> {
  await assertCodeFree(db, body.code);
  const id = await translatingDuplicates(body.code, async () => {
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: body.code,
        amountCents: body.amountCents,
        status: body.status,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      })
      .returning({ id: promoCodes.id });
    return row!.id;
  });
  return getPromoCode(db, id);
}

/**
 * SPEC section 4: deleted codes cannot be edited; a redeemed code keeps its status (it can
 * neither be reopened nor deleted) while its other fields may still be corrected.
 */
export async function updatePromoCode(
  db: Db,
  id: number,
  body: PromoCodeWriteBody,
): Promise<PromoCode> {
  await translatingDuplicates(body.code, () =>
    db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(promoCodes)
        .where(eq(promoCodes.id, id))
        .for('update');
      if (!existing) throw notFound('admin.promoCodeNotFound');
      if (existing.status === 'deleted') throw conflict('admin.promoCodeDeletedLocked');
      if (existing.status === 'redeemed' && body.status === 'deleted') {
        throw conflict('admin.promoCodeRedeemedLocked');
      }
      await assertCodeFree(tx, body.code, id);
      await tx
        .update(promoCodes)
        .set({
          code: body.code,
          amountCents: body.amountCents,
          status: existing.status === 'redeemed' ? 'redeemed' : body.status,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          updatedAt: sql`now()`,
        })
        .where(eq(promoCodes.id, id));
    }),
  );
  return getPromoCode(db, id);
}

/** Deleting is a status: the row stays so payments that used the code still name it. */
export async function deletePromoCode(db: Db, id: number): Promise<PromoCode> {
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, id))
      .for('update');
    if (!existing) throw notFound('admin.promoCodeNotFound');
    if (existing.status === 'deleted') throw conflict('admin.promoCodeDeletedLocked');
    if (existing.status === 'redeemed' || existing.redeemedByUserId !== null) {
      throw conflict('admin.promoCodeRedeemedLocked');
    }
    await tx
      .update(promoCodes)
      .set({ status: 'deleted', updatedAt: sql`now()` })
      .where(eq(promoCodes.id, id));
  });
  return getPromoCode(db, id);
}
