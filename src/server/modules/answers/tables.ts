import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { ownedByAssessment } from '../assessments/tables';
import { questions, questionOptions } from '../questionnaire/tables';
import type { MediaType } from '../../../shared/constants';
import type { PainPoint, SymptomEntry } from '../../../shared/contracts/survey';

export const answers = pgTable(
  'answers',
  {
    id: serial('id').primaryKey(),
    ...ownedByAssessment(),
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
    uniqueIndex('answers_assessment_question_uq').on(t.assessmentId, t.questionId),
    index('answers_user_idx').on(t.userId),
  ],
);
