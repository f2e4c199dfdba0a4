import type { PromoCode, PromoCodeWriteBody } from '../../../shared/contracts/promo-codes';
import type { Db, DbOrTx } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { DomainError, conflict, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import {
  findPromoCodeByCode,
  findPromoCodeRow,
  insertPromoCode,
  listPromoCodeRows,
  lockPromoCode,
  updatePromoCodeRow,
  type PromoCodeRow,
} from './promo-codes-repository';

function toPromoCode({
  promo,
  redeemedByEmail,
}: {
  promo: PromoCodeRow;
  redeemedByEmail: string | null;
}): PromoCode {
  return {
    ID: promo.id,
    Code: promo.code,
    AmountCents: promo.amountCents,
    Status: promo.status,
    ExpiresAt: promo.expiresAt ? promo.expiresAt.toISOString() : null,
    CreatedAt: promo.createdAt.toISOString(),
    RedeemedByUserID: promo.redeemedByUserId ?? null,
    RedeemedByEmail: redeemedByEmail ?? null,
  };
}

export async function listPromoCodes(db: DbOrTx): Promise<PromoCode[]> {
  return (await listPromoCodeRows(db)).map(toPromoCode);
}

async function getPromoCode(db: DbOrTx, id: number): Promise<PromoCode> {
  const row = await findPromoCodeRow(db, id);
  if (!row) throw notFound('admin.promoCodeNotFound');
  return toPromoCode(row);
}

const duplicate = (code: string) =>
  new DomainError('conflict', 'admin.promoCodeDuplicate', { code });

async function assertCodeFree(db: DbOrTx, code: string, exceptId?: number) {
  const row = await findPromoCodeByCode(db, code);
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

export async function createPromoCode(
  db: Db,
  actor: AuthContext,
  body: PromoCodeWriteBody,
): Promise<PromoCode> {
  await assertCodeFree(db, body.code);
  const id = await translatingDuplicates(body.code, () =>
    insertPromoCode(db, {
      code: body.code,
      amountCents: body.amountCents,
      status: body.status,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    }),
  );
  await recordAudit(db, actor, { action: 'promo-code.create', detail: `promo code ${id}` });
  return getPromoCode(db, id);
}

/**
 * SPEC section 4: deleted codes cannot be edited; a redeemed code keeps its status (it can
 * neither be reopened nor deleted) while its other fields may still be corrected.
 */
export async function updatePromoCode(
  db: Db,
  actor: AuthContext,
  id: number,
  body: PromoCodeWriteBody,
): Promise<PromoCode> {
  await translatingDuplicates(body.code, () =>
    db.transaction(async (tx) => {
      const existing = await lockPromoCode(tx, id);
      if (!existing) throw notFound('admin.promoCodeNotFound');
      if (existing.status === 'deleted') throw conflict('admin.promoCodeDeletedLocked');
      if (existing.status === 'redeemed' && body.status === 'deleted') {
        throw conflict('admin.promoCodeRedeemedLocked');
      }
      await assertCodeFree(tx, body.code, id);
      await updatePromoCodeRow(tx, id, {
        code: body.code,
        amountCents: body.amountCents,
        status: existing.status === 'redeemed' ? 'redeemed' : body.status,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      });
    }),
  );
  await recordAudit(db, actor, { action: 'promo-code.update', detail: `promo code ${id}` });
  return getPromoCode(db, id);
}

/** Deleting is a status: the row stays so payments that used the code still name it. */
export async function deletePromoCode(db: Db, actor: AuthContext, id: number): Promise<PromoCode> {
  await db.transaction(async (tx) => {
    const existing = await lockPromoCode(tx, id);
    if (!existing) throw notFound('admin.promoCodeNotFound');
    if (existing.status === 'deleted') throw conflict('admin.promoCodeDeletedLocked');
    if (existing.status === 'redeemed' || existing.redeemedByUserId !== null) {
      throw conflict('admin.promoCodeRedeemedLocked');
    }
    await updatePromoCodeRow(tx, id, { status: 'deleted' });
  });
  await recordAudit(db, actor, { action: 'promo-code.delete', detail: `promo code ${id}` });
  return getPromoCode(db, id);
}
