import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';

/** Records that an erasure happened, without anything that identifies the person's health. */
export const erasures = pgTable('erasures', {
  id: serial('id').primaryKey(),
  erasedUserId: integer('erased_user_id').notNull(),
  reason: text('reason').$type<'request' | 'retention'>().notNull(),
  actorUserId: integer('actor_user_id'),
  mediaFilesRemoved: integer('media_files_removed').notNull().default(0),
  createdAt: createdAt(),
});
