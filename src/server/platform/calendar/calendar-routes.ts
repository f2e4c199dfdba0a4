import { z } from 'zod';
import type { AppInstance } from '../http/app-instance';

/**
 * The practice's time zone, so the browser shows every date as the practice's calendar counts
 * it (a due date is the practice's date, not the reader's).
 */
export async function calendarRoutes(app: AppInstance): Promise<void> {
  app.get('/api/practice-calendar', {
    config: { access: 'public' },
    schema: {
      summary: 'The practice time zone dates are shown in',
      response: { 200: z.object({ timeZone: z.string() }) },
    },
    handler: async () => ({ timeZone: app.deps.config.practice.timeZone }),
  });
}
