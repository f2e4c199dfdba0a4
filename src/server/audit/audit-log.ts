import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditQuery } from '../../shared/contracts/audit';
import type { DbOrTx } from '../db/client';
import { accessCodes, auditLog, users } from '../db/schema';
import type { AuthContext } from '../http/route-access';

export interface AuditRecord {
  action: AuditAction;
  patientUserId?: number | null;
  accessCodeId?: number | null;
  /** A status, a file kind or a count; never an answer, a name or a code. */
  detail?: string | null;
}

/** Records who did what to which patient's data. */
export async function recordAudit(
  db: DbOrTx,
  actor: Pick<AuthContext, 'userId' | 'email'> | null,
  record: AuditRecord,
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action: record.action,
    patientUserId: record.patientUserId ?? null,
    accessCodeId: record.accessCodeId ?? null,
    detail: record.detail ?? null,
  });
}

export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.patientId) conditions.push(eq(auditLog.patientUserId, query.patientId));
  if (query.actorId) conditions.push(eq(auditLog.actorUserId, query.actorId));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    conditions.push(lt(auditLog.createdAt, sql`(${query.to}::date + interval '1 day')`));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total], actors] = await Promise.all([
    db
      .select({
        entry: auditLog,
        // As entered for the assessment concerned, else for the patient's latest one.
        patientName: sql<string | null>`coalesce(
          nullif(trim(${accessCodes.firstName} || ' ' || ${accessCodes.lastName}), ''),
          (SELECT nullif(trim(latest.first_name || ' ' || latest.last_name), '')
            FROM ${accessCodes} AS latest WHERE latest.user_id = ${auditLog.patientUserId}
            ORDER BY latest.created_at DESC LIMIT 1))`,
      })
      .from(auditLog)
      .leftJoin(accessCodes, eq(accessCodes.id, auditLog.accessCodeId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.isAdmin, true)),
  ]);
  const entries: AuditEntry[] = rows.map(({ entry, patientName }) => ({
    id: entry.id,
    action: entry.action as AuditAction,
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    patientUserId: entry.patientUserId,
    patientName,
    accessCodeId: entry.accessCodeId,
    detail: entry.detail,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, total: total?.total ?? 0, page: query.page, pageSize: query.pageSize, actors };
}
