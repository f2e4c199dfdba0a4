import type { DbOrTx } from '../../platform/db/client';
import { erasures } from './tables';

/** The privacy module's data access: the record that an erasure happened (ids and counts only). */
export async function recordErasure(
  db: DbOrTx,
  erasure: {
    erasedUserId: number;
    reason: 'request' | 'retention';
    actorUserId?: number | null;
    mediaFilesRemoved: number;
  },
): Promise<void> {
  await db.insert(erasures).values(erasure);
}
