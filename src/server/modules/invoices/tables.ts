import {
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Language } from '../../../shared/constants';
import type { PracticeDetails, VatMode } from '../../platform/config';
import { assessments } from '../assessments/tables';
import { payments } from '../payments/tables';

/**
 * The last number handed out per sequence. Taken with UPDATE ... RETURNING in the transaction
 * that issues the invoice: the row lock orders concurrent issuers on every instance, and a
 * rolled-back issue gives its number back, so the numbers have no gaps (a sequence would).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  name: text('name').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * An issued invoice or cancellation invoice, immutable once written: everything printed on it is
 * kept here as it was at issue. It outlives an erasure of the patient (a tax record the practice
 * must keep), losing only its links to the payment and the assessment.
 */
export const invoices = pgTable('invoices', {
  id: serial('id').primaryKey(),
  /** Position in the gapless sequence. */
  number: integer('number').notNull().unique(),
  /** As printed: the configured prefix and the number. */
  label: text('label').notNull().unique(),
  kind: text('kind').$type<'invoice' | 'cancellation'>().notNull(),
  /** A cancellation invoice names the invoice it cancels; each is cancelled at most once. */
  cancelsInvoiceId: integer('cancels_invoice_id')
    .unique()
    .references((): AnyPgColumn => invoices.id),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  assessmentId: integer('assessment_id').references(() => assessments.id, {
    onDelete: 'set null',
  }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  language: text('language').$type<Language>().notNull(),
  recipient: jsonb('recipient').$type<{ name: string; addressLines: string[] }>().notNull(),
  seller: jsonb('seller').$type<PracticeDetails>().notNull(),
  vat: jsonb('vat').$type<VatMode>().notNull(),
  /** The list price, the promo code's discount and what was charged (negative on a cancellation). */
  listPriceCents: integer('list_price_cents').notNull(),
  discountCents: integer('discount_cents').notNull(),
  totalCents: integer('total_cents').notNull(),
  currency: text('currency').notNull(),
  couponCode: text('coupon_code'),
});
