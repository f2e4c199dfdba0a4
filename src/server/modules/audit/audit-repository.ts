import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '../../../shared/contracts/audit';
import type { DbOrTx } from '../../platform/db/client';
import { auditLog } from './tables';

/** The audit module's data access: who did what to which patient's data. */

export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>;

export async function insertAuditEntry(db: DbOrTx, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

/** One page of entries matching the query, newest first. */
export async function findAuditEntries(db: DbOrTx, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.patientId) conditions.push(eq(auditLog.patientUserId, query.patientId));
  if (query.actorId) conditions.push(eq(auditLog.actorUserId, query.actorId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    conditions.push(lt(auditLog.createdAt, sql`(${query.to}::date + interval '1 day')`));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
