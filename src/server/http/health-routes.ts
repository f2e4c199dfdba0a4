import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from './app-instance';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
    handler: async () => {
      await app.deps.db.execute(sql`SELECT 1`);
      return { ok: true as const };
    },
  });
}
