/**
 * The whole database in one place. Tables are designed for every feature of the product
 * (payments, promo codes, media, review queue, audit) so later work needs no rewrites.
 */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AssessmentStatus,
  Language,
  MediaType,
  PromoCodeStatus,
  QuestionType,
} from '../../shared/constants';
import type { PainPoint, SymptomEntry } from '../../shared/contracts/survey';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
  isAdmin: boolean('is_admin').notNull().default(false),
  /** Bumped to end every session of the account (rights or authenticator changed, erasure). */
  tokenVersion: integer('token_version').notNull().default(0),
  totpSecret: text('totp_secret'),
  /** Last accepted TOTP time step, so a code cannot be used twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One access code is one assessment: the unit the practice reviews. */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised code; the code itself is never stored. Null once retired. */
    codeHash: text('code_hash').unique(),
    /** The last characters, so the practice can tell a patient's codes apart. */
    codeHint: text('code_hint').notNull(),
    status: text('status').$type<AssessmentStatus>().notNull().default('in_progress'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    evaluationSentOn: date('evaluation_sent_on'),
    completionEmailSentAt: timestamp('completion_email_sent_at', { withTimezone: true }),
    practiceNotifiedAt: timestamp('practice_notified_at', { withTimezone: true }),
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
    /** Bumped to end every session of this assessment (logout). */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('access_codes_user_idx').on(t.userId),
    index('access_codes_status_due_idx').on(t.status, t.dueAt),
  ],
);

export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  questionType: text('question_type').$type<QuestionType>().notNull(),
  questionText: text('question_text').notNull(),
  sortOrder: integer('sort_order').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  overlay: text('overlay'),
  /** Marks an item of a scored instrument, e.g. "tmd-pain-screener:1". */
  instrumentItem: text('instrument_item'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const questionTranslations = pgTable(
  'question_translations',
  {
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    languageId: integer('language_id').notNull(),
    translatedText: text('translated_text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.languageId] })],
);

export const questionOptions = pgTable(
  'question_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    optionText: text('option_text').notNull(),
    sortOrder: integer('sort_order').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Points of this option in a scored instrument. */
    score: integer('score'),
  },
  (t) => [index('question_options_question_idx').on(t.questionId)],
);

export const optionTranslations = pgTable(
  'option_translations',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => questionOptions.id, { onDelete: 'cascade' }),
    languageId: integer('language_id').notNull(),
    translatedText: text('translated_text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.languageId] })],
);

export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessCodeId: integer('access_code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** Relative to the media store, e.g. "media/3f2c....jpg". */
    path: text('path').notNull().unique(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    mimeType: text('mime_type').notNull(),
    /**
     * "uploading" while the file streams in: the row then reserves the upload's place in the
     * assessment's quota and `sizeBytes` holds the most it may take.
     */
    status: text('status').$type<'uploading' | 'stored'>().notNull().default('stored'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_uploads_user_idx').on(t.userId),
    index('media_uploads_access_code_idx').on(t.accessCodeId),
  ],
);

export const responses = pgTable(
  'responses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessCodeId: integer('access_code_id')
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    // Answers outlive edits of their question: questions with answers are deactivated, not deleted.
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    optionId: integer('option_id').references(() => questionOptions.id, { onDelete: 'set null' }),
    answerText: text('answer_text'),
    mediaType: text('media_type').$type<MediaType>(),
    mediaPath: text('media_path'),
    painPoints: jsonb('pain_points').$type<PainPoint[]>(),
    symptoms: jsonb('symptoms').$type<SymptomEntry[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('responses_code_question_uq').on(t.accessCodeId, t.questionId),
    index('responses_user_idx').on(t.userId),
  ],
);

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
    accessCodeId: integer('access_code_id').references(() => accessCodes.id, {
      onDelete: 'set null',
    }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
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

/** Who did what to which patient's data; never holds health data itself. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    patientUserId: integer('patient_user_id'),
    accessCodeId: integer('access_code_id'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_patient_idx').on(t.patientUserId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** Records that an erasure happened, without anything that identifies the person's health. */
export const erasures = pgTable('erasures', {
  id: serial('id').primaryKey(),
  erasedUserId: integer('erased_user_id').notNull(),
  reason: text('reason').$type<'request' | 'retention'>().notNull(),
  actorUserId: integer('actor_user_id'),
  mediaFilesRemoved: integer('media_files_removed').notNull().default(0),
  createdAt: createdAt(),
});

/** Leases for scheduled jobs, so only one instance runs a given job at a time. */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
