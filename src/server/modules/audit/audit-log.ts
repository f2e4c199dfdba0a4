import type { AuditAction, AuditEntry, AuditQuery } from '../../../shared/contracts/audit';
import type { DbOrTx } from '../../platform/db/client';
import type { AuthContext } from '../../platform/auth-context';
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

/**
 * What the audit screen shows beside the entries, from the modules that hold it (passed in by
 * the app, so the audit log, which every module writes, depends on none of them).
 */
export interface AuditLookups {
  /** The administrators, for the "who" filter. */
  admins(db: DbOrTx): Promise<{ id: number; email: string }[]>;
  /**
   * Each entry's patient name as entered for the assessment concerned, else for the patient's
   * latest assessment; keyed by entry id.
   */
  patientNames(
    db: DbOrTx,
    entries: { id: number; patientUserId: number | null; assessmentId: number | null }[],
  ): Promise<Map<number, string>>;
}

export async function listAudit(db: DbOrTx, query: AuditQuery, lookups: AuditLookups) {
  const [{ rows, total }, actors] = await Promise.all([
    findAuditEntries(db, query),
    lookups.admins(db),
  ]);
  const names = await lookups.patientNames(db, rows);
  const entries: AuditEntry[] = rows.map((entry) => ({
    id: entry.id,
    action: entry.action as AuditAction,
    actorUserId: entry.actorUserId,
    actorEmail: entry.actorEmail,
    patientUserId: entry.patientUserId,
    patientName: names.get(entry.id) ?? null,
    assessmentId: entry.assessmentId,
    detail: entry.detail,
    createdAt: entry.createdAt.toISOString(),
  }));
  return { entries, total, page: query.page, pageSize: query.pageSize, actors };
}
