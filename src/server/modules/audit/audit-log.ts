import type { AuditAction, AuditEntry, AuditQuery } from '../../../shared/contracts/audit';
import type { DbOrTx } from '../../platform/db/client';
import type { AuthContext } from '../accounts/auth-context';
import { listAdmins } from '../accounts/accounts-repository';
import { findAuditEntries, insertAuditEntry } from './audit-repository';

export interface AuditRecord {
  action: AuditAction;
  patientUserId?: number | null;
  assessmentId?: number | null;
  /** A status, a file kind or a count; never an answer, a name or a code. */
  detail?: string | null;
}

/** Records who did what to which patient's data. */
export async function recordAudit(
  db: DbOrTx,
  actor: Pick<AuthContext, 'userId' | 'email'> | null,
  record: AuditRecord,
): Promise<void> {
  await insertAuditEntry(db, {
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action: record.action,
    patientUserId: record.patientUserId ?? null,
    assessmentId: record.assessmentId ?? null,
    detail: record.detail ?? null,
  });
}

export async function listAudit(db: DbOrTx, query: AuditQuery) {
  const [{ rows, total }, actors] = await Promise.all([
    findAuditEntries(db, query),
    listAdmins(db),
  ]);
  const entries: AuditEntry[] = rows.map(({ entry, patientName }) => ({
    id: entry.id,
    action: entry.action as AuditAction,
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    patientUserId: entry.patientUserId,
    patientName,
    assessmentId: entry.assessmentId,
    detail: entry.detail,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, total, page: query.page, pageSize: query.pageSize, actors };
}
