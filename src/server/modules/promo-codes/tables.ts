import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { users } from '../accounts/tables';
import type { PromoCodeStatus } from '../../../shared/constants';

export const promoCodes = pgTable('promo_codes', {
  id: serial('id').primaryKey(),
  /** Stored upper-case. */
  code: text('code').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<PromoCodeStatus>().notNull().default('active'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id, {
    onDelete: 'set null',
  }),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  /** The payment intent whose price includes this code's discount, until it is paid or let go. */
  reservedByIntent: text('reserved_by_intent'),
  reservedAt: timestamp('reserved_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
