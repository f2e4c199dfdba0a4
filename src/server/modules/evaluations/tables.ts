import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { assessments, ownedByAssessment } from '../assessments/tables';

/** The conclusions a dentist chooses from, in both languages; the practice edits the list. */
export const evaluationConclusions = pgTable('evaluation_conclusions', {
  id: serial('id').primaryKey(),
  textEn: text('text_en').notNull(),
  textDe: text('text_de').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The dentist's evaluation of one assessment: a draft until sent, then read-only. The
 * conclusion's texts are copied at sending, so editing the list later cannot change what a
 * patient was told.
 */
export const evaluations = pgTable('evaluations', {
  assessmentId: integer('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  userId: ownedByAssessment().userId,
  conclusionId: integer('conclusion_id').references(() => evaluationConclusions.id, {
    onDelete: 'set null',
  }),
  findings: text('findings').notNull().default(''),
  recommendations: text('recommendations').notNull().default(''),
  /** Show the practice's booking link and phone under the evaluation. */
  callToAction: boolean('call_to_action').notNull().default(false),
  updatedAt: updatedAt(),
  updatedByEmail: text('updated_by_email'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  sentByUserId: integer('sent_by_user_id'),
  sentByEmail: text('sent_by_email'),
  /** The dentist's display name as it was when they sent it: the patient's "Evaluated by". */
  sentByName: text('sent_by_name'),
  conclusionEn: text('conclusion_en'),
  conclusionDe: text('conclusion_de'),
});

/** A correction to a sent evaluation, with its own date; never edited. */
export const evaluationAddenda = pgTable(
  'evaluation_addenda',
  {
    id: serial('id').primaryKey(),
    ...ownedByAssessment(),
    text: text('text').notNull(),
    authorEmail: text('author_email'),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [index('evaluation_addenda_assessment_idx').on(t.assessmentId)],
);
