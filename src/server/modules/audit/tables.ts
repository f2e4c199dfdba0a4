import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns';

/** Who did what to which patient's data; never holds health data itself. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    patientUserId: integer('patient_user_id'),
    assessmentId: integer('assessment_id'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_patient_idx').on(t.patientUserId),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
