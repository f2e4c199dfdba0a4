import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { accountEmailOf } from '../accounts';
import { promoCodes } from './tables';

/** The promo-codes module's data access. Codes are stored upper-case. */

export type PromoCodeRow = typeof promoCodes.$inferSelect;
type PromoCodeValues = Pick<
  typeof promoCodes.$inferInsert,
  'code' | 'amountCents' | 'status' | 'expiresAt'
>;

/** Held since before `heldBefore`: long enough for another checkout to take it back. */
const staleReservation = (heldBefore: Date) => lt(promoCodes.reservedAt, heldBefore);

/** Usable right now: active, not expired, not redeemed. */
const usable = (now: Date) =>
  and(
    eq(promoCodes.status, 'active'),
    isNull(promoCodes.redeemedByUserId),
    or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
  );

/**
 * Not held by another checkout's intent: free, held by this intent, or held long enough that it
 * can be taken back.
 */
const availableTo = (intentId: string | undefined, heldBefore: Date) =>
  or(
    isNull(promoCodes.reservedByIntent),
    staleReservation(heldBefore),
    intentId ? eq(promoCodes.reservedByIntent, intentId) : undefined,
  );

/**
 * A code the checkout (of the given intent, or a new one) could use right now: usable, and not
 * held by another intent since `heldBefore` or later.
 */
export async function findUsableCoupon(
  db: DbOrTx,
  code: string,
  at: { now: Date; heldBefore: Date },
  intentId?: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), usable(at.now), availableTo(intentId, at.heldBefore)))
    .limit(1);
  return row;
}

/** Holds a usable code for the intent unless another intent holds it; the row when it did. */
export async function claimCouponFor(
  db: DbOrTx,
  code: string,
  intentId: string,
  now: Date,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ reservedByIntent: intentId, reservedAt: now, updatedAt: now })
    .where(
      and(
        eq(promoCodes.code, code),
        usable(now),
        or(isNull(promoCodes.reservedByIntent), eq(promoCodes.reservedByIntent, intentId)),
      ),
    )
    .returning();
  return row;
}

/** The intent holding a usable code since before `heldBefore`, if any. */
export async function staleHolderOf(db: DbOrTx, code: string, at: { now: Date; heldBefore: Date }) {
  const [held] = await db
    .select({ holder: promoCodes.reservedByIntent })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), usable(at.now), staleReservation(at.heldBefore)));
  return held?.holder ?? undefined;
}

/** Lets go of the code this intent held, unless it was redeemed. */
export async function releaseCouponHold(db: DbOrTx, code: string, intentId: string): Promise<void> {
  await db
    .update(promoCodes)
    .set({ reservedByIntent: null, reservedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.reservedByIntent, intentId),
        isNull(promoCodes.redeemedByUserId),
      ),
    );
}

/**
 * Marks a usable code redeemed for the payment that reserved it (or one from before
 * reservations existed), in one conditional update. Whether this call redeemed it.
 */
export async function markRedeemed(
  db: DbOrTx,
  input: { code: string; userId: number; intentId: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({
      status: 'redeemed',
      redeemedByUserId: input.userId,
      redeemedAt: now,
      reservedByIntent: input.intentId,
      updatedAt: now,
    })
    .where(
      and(
        eq(promoCodes.code, input.code),
        usable(now),
        or(eq(promoCodes.reservedByIntent, input.intentId), isNull(promoCodes.reservedByIntent)),
      ),
    )
    .returning({ id: promoCodes.id });
  return rows.length === 1;
}

export async function findPromoCodeByCode(
  db: DbOrTx,
  code: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row;
}

/** Codes with the address that redeemed each, for the admin list. */
const listed = (db: DbOrTx) =>
  db
    .select({ promo: promoCodes, redeemedByEmail: accountEmailOf(promoCodes.redeemedByUserId) })
    .from(promoCodes);

export async function listPromoCodeRows(db: DbOrTx) {
  return listed(db).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

export async function findPromoCodeRow(db: DbOrTx, id: number) {
  const [row] = await listed(db).where(eq(promoCodes.id, id));
  return row;
}

export async function lockPromoCode(db: DbOrTx, id: number): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row;
}

export async function insertPromoCode(db: DbOrTx, values: PromoCodeValues): Promise<number> {
  const [row] = await db.insert(promoCodes).values(values).returning({ id: promoCodes.id });
  return row!.id;
}

export async function updatePromoCodeRow(
  db: DbOrTx,
  id: number,
  values: Partial<PromoCodeValues>,
): Promise<void> {
  await db
    .update(promoCodes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(promoCodes.id, id));
}
