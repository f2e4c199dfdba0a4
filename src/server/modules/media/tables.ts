import { bigint, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';
import { ownedByAssessment } from '../assessments/tables';
import { questions } from '../questionnaire/tables';
import type { MediaType } from '../../../shared/constants';

export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: serial('id').primaryKey(),
    ...ownedByAssessment(),
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
    index('media_uploads_assessment_idx').on(t.assessmentId),
  ],
);
