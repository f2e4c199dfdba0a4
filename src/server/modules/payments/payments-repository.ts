import { and, eq, gt, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { payments, webhookEvents } from './tables';

/**
 * The payments module's data access: one row per payment intent (Stripe's, the demo provider's,
 * or a free checkout's), and the provider events already handled.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
type PaymentProviderKind = PaymentRow['provider'];

export async function insertPayment(db: DbOrTx, values: NewPayment): Promise<void> {
  await db.insert(payments).values(values);
}

export async function findPayment(
  db: DbOrTx,
  intentId: string,
  provider?: PaymentProviderKind,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.intentId, intentId), provider ? eq(payments.provider, provider) : undefined),
    )
    .limit(1);
  return row;
}

/** Changes an intent that is not fulfilled yet (a fulfilled one is history). */
export async function updateUnfulfilledPayment(
  db: DbOrTx,
  intentId: string,
  values: Partial<NewPayment>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(payments.intentId, intentId), isNull(payments.fulfilledAt)));
}

/** The amount of a demo intent that has not succeeded yet. */
export async function setDemoIntentAmount(
  db: DbOrTx,
  intentId: string,
  amountCents: number,
): Promise<void> {
  await db
    .update(payments)
    .set({ amountCents, updatedAt: new Date() })
    .where(
      and(
        eq(payments.intentId, intentId),
        eq(payments.provider, 'demo'),
        ne(payments.status, 'succeeded'),
      ),
    );
}

/** Sets the status of a demo intent unless it already has one of `notStatus`. */
export async function setDemoIntentStatus(
  db: DbOrTx,
  intentId: string,
  status: string,
  notStatus: string[],
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(payments.intentId, intentId),
        eq(payments.provider, 'demo'),
        notInArray(payments.status, notStatus),
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Claims the fulfilment of a payment: of concurrent callers for one intent (browser, webhook,
 * retries) exactly one gets the row; the others find it fulfilled.
 */
export async function claimFulfilment(
  db: DbOrTx,
  intentId: string,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [claimed] = await db
    .update(payments)
    .set({ fulfilledAt: now, status: 'succeeded', updatedAt: now })
    .where(and(eq(payments.intentId, intentId), isNull(payments.fulfilledAt)))
    .returning();
  return claimed;
}

export async function linkPayment(
  db: DbOrTx,
  id: number,
  link: { userId: number; assessmentId: number },
): Promise<void> {
  await db.update(payments).set(link).where(eq(payments.id, id));
}

/**
 * The one session a payment gives: claimed by a conditional update, so only the first caller,
 * and only within `windowMs` of the payment, gets the assessment's id.
 */
export async function claimCheckoutSession(
  db: DbOrTx,
  intentId: string,
  now: Date,
  windowMs: number,
): Promise<number | null> {
  const [claimed] = await db
    .update(payments)
    .set({ sessionIssuedAt: now })
    .where(
      and(
        eq(payments.intentId, intentId),
        isNull(payments.sessionIssuedAt),
        isNotNull(payments.assessmentId),
        gt(payments.fulfilledAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .returning({ assessmentId: payments.assessmentId });
  return claimed?.assessmentId ?? null;
}

/** The intent of a fulfilled payment of the assessment that used this promo code. */
export async function paidIntentWithCoupon(
  db: DbOrTx,
  assessmentId: number,
  code: string,
): Promise<string | undefined> {
  const [used] = await db
    .select({ intentId: payments.intentId })
    .from(payments)
    .where(
      and(
        eq(payments.assessmentId, assessmentId),
        sql`upper(${payments.couponCode}) = ${code}`,
        isNotNull(payments.fulfilledAt),
      ),
    )
    .limit(1);
  return used?.intentId;
}

export async function paymentsOfAssessment(db: DbOrTx, assessmentId: number) {
  return db
    .select({
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      couponCode: payments.couponCode,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.assessmentId, assessmentId));
}

/** Erasure: the account's payments, and intents that carry its address but never completed. */
export async function deletePaymentsOfAccount(
  db: DbOrTx,
  userId: number,
  email: string,
): Promise<void> {
  await db
    .delete(payments)
    .where(or(eq(payments.userId, userId), sql`${payments.pendingDetails} ->> 'email' = ${email}`));
}

/** Retention: the payment of an erased assessment keeps its amount, not the patient's details. */
export async function forgetPaymentDetails(db: DbOrTx, assessmentId: number): Promise<void> {
  await db
    .update(payments)
    .set({ pendingDetails: null })
    .where(eq(payments.assessmentId, assessmentId));
}

export async function webhookEventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [seen] = await db
    .select({ id: webhookEvents.eventId })
    .from(webhookEvents)
    .where(eq(webhookEvents.eventId, eventId));
  return Boolean(seen);
}

export async function recordWebhookEvent(
  db: DbOrTx,
  event: { id: string; type: string },
): Promise<void> {
  await db
    .insert(webhookEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing();
}

/** A declined card: the intent needs another payment method, unless it succeeded meanwhile. */
export async function setDeclined(db: DbOrTx, intentId: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'requires_payment_method', updatedAt: now })
    .where(and(eq(payments.intentId, intentId), ne(payments.status, 'succeeded')));
}

/** The fulfilled payment that bought an assessment (card or free), if any. */
export async function paymentOfAssessment(
  db: DbOrTx,
  assessmentId: number,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.assessmentId, assessmentId), isNotNull(payments.fulfilledAt)))
    .limit(1);
  return row;
}

/**
 * Records a full refund once: of concurrent recorders (the administrator's request, the
 * provider's webhook) exactly one gets the row.
 */
export async function claimRefund(
  db: DbOrTx,
  id: number,
  refund: { refundId: string; refundedBy: number | null; reason: string | null; now: Date },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      refundedAt: refund.now,
      refundId: refund.refundId,
      refundedBy: refund.refundedBy,
      refundReason: refund.reason,
      updatedAt: refund.now,
    })
    .where(and(eq(payments.id, id), isNull(payments.refundedAt)))
    .returning();
  return row;
}

/**
 * A refund the provider's webhook recorded first (nobody named): the administrator whose request
 * made it is named after all, with their reason. False when someone is named already.
 */
export async function nameRefunder(
  db: DbOrTx,
  id: number,
  refundedBy: number,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ refundedBy, refundReason: reason })
    .where(and(eq(payments.id, id), isNotNull(payments.refundedAt), isNull(payments.refundedBy)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** The demo provider's refund: a succeeded demo intent becomes refunded, once. */
export async function setDemoRefunded(db: DbOrTx, intentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'refunded', updatedAt: new Date() })
    .where(
      and(
        eq(payments.intentId, intentId),
        eq(payments.provider, 'demo'),
        eq(payments.status, 'succeeded'),
      ),
    );
}
