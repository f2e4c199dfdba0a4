import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Throws unless the database answers (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
