import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';
import { assessments } from '../assessments/tables';

/**
 * The codes that open an assessment, one row per code: a code sent anew is a new row, and the
 * one it replaces is retired rather than overwritten, so the assessment and the code that opens
 * it are two things. Only the hash of a code is stored.
 */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: serial('id').primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised code; the code itself is never stored. */
    codeHash: text('code_hash').notNull().unique(),
    /** The last characters, so the practice can tell a patient's codes apart. */
    codeHint: text('code_hint').notNull(),
    /** Set when the code stopped working: replaced, refunded, or its administrator removed. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('access_codes_assessment_idx').on(t.assessmentId)],
);

/**
 * The hashes of the codes of erased assessments, so signing in with one says the assessment was
 * erased rather than that the code is wrong. A hash of a random code, with no link to the
 * assessment or the person: nothing of them is kept.
 */
export const erasedAccessCodes = pgTable('erased_access_codes', {
  codeHash: text('code_hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
});
