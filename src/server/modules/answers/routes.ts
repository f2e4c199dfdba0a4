import { Readable } from 'node:stream';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { requireAuth } from '../../platform/http/route-access';
import { exportAnswersCsv } from './answers-csv';

/** Answers exported by the practice. */
export async function answerRoutes(app: AppInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/api/admin/exports/answers.csv', {
    config: { access: 'admin' },
    schema: { summary: 'Export every answer (CSV)' },
    handler: async (request, reply) => {
      const rows = await exportAnswersCsv(db, requireAuth(request));
      const date = new Date().toISOString().slice(0, 10);
      return sendDownload(reply, {
        type: 'text/csv; charset=utf-8',
        filename: `answers-${date}.csv`,
        body: Readable.from(rows),
      });
    },
  });
}
