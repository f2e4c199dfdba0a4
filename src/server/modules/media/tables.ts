import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { ownedByAssessment } from '../assessments/tables';
import { questions } from '../questionnaire/tables';
import type { MediaType } from '../../../shared/constants';
import type { MediaUploadResult } from '../../../shared/contracts/survey';

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

/** Binary data: sealed bytes only, never plaintext. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A resumable (tus) upload in progress, as every instance sees it: the offset the server has
 * acknowledged, and where the sealed bytes are (parts in the media store, and the few MiB not yet
 * a part, sealed, here). Any instance can take the next PATCH; a finished upload keeps its row
 * (with the answer's JSON) for a day, so a repeated last PATCH is told the upload is complete.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    /** The tus id: 32 random hex digits, the last part of the upload's URL. */
    id: text('id').primaryKey(),
    ...ownedByAssessment(),
    questionId: integer('question_id').notNull(),
    /** The question's type when the upload was created: what the bytes must turn out to be. */
    mediaType: text('media_type').$type<MediaType>().notNull(),
    /** The quota reservation (a media_uploads row "uploading"); its path names the file. */
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => mediaUploads.id, { onDelete: 'cascade' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Plaintext bytes received and kept: what HEAD answers and the next PATCH must send from. */
    offset: bigint('offset_bytes', { mode: 'number' }).notNull().default(0),
    /** The sealed file's header (key id, nonce prefix), chosen at creation. */
    header: bytea('header').notNull(),
    /** The media store's name for the parts (an S3 multipart upload id), once one is written. */
    partsId: text('parts_id'),
    /** The stored parts' tags (S3 ETags), in order. */
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    /** Sealed chunks after the last stored part (fewer than one part). */
    pending: bytea('pending'),
    /** The chunk still filling, encrypted with a key of its own (see resumable-upload-cipher). */
    tail: bytea('tail'),
    /** Set when the upload has become its question's answer. */
    result: jsonb('result').$type<MediaUploadResult>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('resumable_uploads_user_idx').on(t.userId),
    index('resumable_uploads_assessment_idx').on(t.assessmentId),
    index('resumable_uploads_created_idx').on(t.createdAt),
  ],
);
