import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthContext } from '../http/route-access';

/** Records who looked at or changed what; never the health data itself. */
export async function recordAudit(
  db: DbOrTx,
  actor: AuthContext,
  entry: { action: string; patientUserId?: number; accessCodeId?: number; detail?: string },
): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: entry.action,
    patientUserId: entry.patientUserId ?? null,
    accessCodeId: entry.accessCodeId ?? null,
    detail: entry.detail ?? null,
  });
}
