import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { users } from '../accounts/tables';
import { assessments } from '../assessments/tables';
import type { Language } from '../../../shared/constants';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<'stripe' | 'demo' | 'coupon'>().notNull(),
    /** The provider's payment intent id; free checkouts get a generated one. */
    intentId: text('intent_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: text('status').notNull().default('created'),
    couponCode: text('coupon_code'),
    /** SHA-256 of the intent's client secret: only the paying browser holds the secret. */
    clientSecretHash: text('client_secret_hash'),
    /** When verify-payment handed out the one session this payment gives. */
    sessionIssuedAt: timestamp('session_issued_at', { withTimezone: true }),
    /** Patient details kept with the intent so a webhook can fulfil it without the browser. */
    pendingDetails: jsonb('pending_details').$type<Record<string, string | boolean>>(),
    language: text('language').$type<Language>().notNull().default('en'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    assessmentId: integer('assessment_id').references(() => assessments.id, {
      onDelete: 'set null',
    }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** A full refund, once: when, the provider's refund id, who (null: the provider's dashboard) and why. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundId: text('refund_id'),
    refundedBy: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReason: text('refund_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);

/** Provider events already handled, so a redelivered webhook does nothing twice. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
