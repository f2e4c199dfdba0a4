import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { ownedByAssessment } from '../assessments/tables';
import { questions, questionOptions } from '../questionnaire/tables';

/**
 * One current answer per assessment and question. The answer is one value, as its question's
 * type makes it and checks it (src/question-types); beside it, what it refers to outside itself,
 * for the database to keep track of: the option it chose and the stored file it shows.
 */
export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    ...ownedByAssessment(),
    // Answers outlive edits of their question: questions with answers are deactivated, not deleted.
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'restrict' }),
    /** The answer as its type stores it; null for a question the patient skipped. */
    value: jsonb('value').$type<unknown>(),
    optionId: integer('option_id').references(() => questionOptions.id, { onDelete: 'set null' }),
    /** The photo or video (media path) the answer shows. */
    filePath: text('file_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('answers_assessment_question_uq').on(t.assessmentId, t.questionId),
    index('answers_user_idx').on(t.userId),
  ],
);
