import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /**
   * Stored lower-case. An e-mail address groups the assessments bought with it for the practice;
   * it proves nothing, so no sign-in ever reaches data through it.
   */
  email: text('email').notNull().unique(),
  /** An administrator's display name; a patient's details live on each assessment. */
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /** How an administrator signs an evaluation, with title: "Dr. med. dent. Eva Muster". */
  displayName: text('display_name').notNull().default(''),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Bumped to end every session of the account (rights or authenticator changed, erasure). */
  tokenVersion: integer('token_version').notNull().default(0),
  totpSecret: text('totp_secret'),
  /** Last accepted TOTP time step, so a code cannot be used twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Fixed-window counters shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Wrong second-factor codes per key (an access code with an address, or an address), so
 * guessing slows down more with every failure without ever locking out the right code.
 */
export const signInBackoff = pgTable('sign_in_backoff', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
});
