import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { RECORDING_SECONDS, type QuestionType } from '../../../shared/constants';

export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  questionType: text('question_type').$type<QuestionType>().notNull(),
  questionText: text('question_text').notNull(),
  sortOrder: integer('sort_order').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** A pose guide id, "none" for the camera without a guide, or null to pick one by the text. */
  overlay: text('overlay'),
  /** Completing the assessment needs an answer to this question. */
  required: boolean('required').notNull().default(false),
  /** The longest video a recording for this question may take. */
  maxRecordingSeconds: integer('max_recording_seconds')
    .notNull()
    .default(RECORDING_SECONDS.default),
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
