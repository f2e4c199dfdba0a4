import { auditPageSchema, auditQuerySchema } from '../../../shared/contracts/audit';
import type { AppInstance } from '../../platform/http/app-instance';
import { listAudit } from './audit-log';

export async function auditRoutes(app: AppInstance): Promise<void> {
  app.get('/api/admin/audit-log', {
    config: { access: 'admin' },
    schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    handler: (request) => listAudit(app.deps.db, request.query),
  });
}
