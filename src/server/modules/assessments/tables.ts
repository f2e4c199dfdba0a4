import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';
import { users } from '../accounts/tables';
import type { AssessmentStatus, Language } from '../../../shared/constants';
import type { SessionEndReason } from '../../../shared/contracts/common';

/** The ways an assessment's own sessions end (the others are of the token or the account). */
export type AssessmentSessionEndReason = Extract<
  SessionEndReason,
  'signed_out' | 'code_replaced' | 'refunded'
>;

/**
 * One assessment: what one checkout bought and the practice reviews. The codes that open it are
 * rows of `access_codes` (accounts module).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AssessmentStatus>().notNull().default('in_progress'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    /** Who took it into review, so the queue shows who is working on what. */
    reviewStartedBy: text('review_started_by'),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    evaluationSentOn: date('evaluation_sent_on'),
    completionEmailSentAt: timestamp('completion_email_sent_at', { withTimezone: true }),
    practiceNotifiedAt: timestamp('practice_notified_at', { withTimezone: true }),
    /** The one reminder to finish a paid, unfinished assessment, claimed when it is queued. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** The one notice to the practice that the assessment passed its due date unevaluated. */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    /**
     * The patient as entered at the checkout that bought this assessment. Kept per assessment so
     * a later checkout with the same e-mail address can never change an earlier one.
     */
    email: text('email').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    phone: text('phone'),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    state: text('state'),
    language: text('language').$type<Language>().notNull().default('en'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentVersion: text('consent_version'),
    /** The terms and the withdrawal information agreed to at checkout (at consentAt). */
    termsVersion: text('terms_version'),
    withdrawalVersion: text('withdrawal_version'),
    /** Refunded: the assessment can no longer be signed in to or used. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Bumped to end every session of this assessment (logout, refund, a new code). */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Why its sessions last ended, told to a browser still holding one of them. */
    sessionsEndedReason: text('sessions_ended_reason').$type<AssessmentSessionEndReason>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('assessments_user_idx').on(t.userId),
    index('assessments_status_due_idx').on(t.status, t.dueAt),
  ],
);

/**
 * The columns by which a row belongs to one assessment of one account; the row goes when either
 * is erased.
 */
export const ownedByAssessment = () => ({
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  assessmentId: integer('assessment_id')
    .notNull()
    .references(() => assessments.id, { onDelete: 'cascade' }),
});
