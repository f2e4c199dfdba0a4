import { auditPageSchema, auditQuerySchema } from '../../../shared/contracts/audit';
import type { AppInstance } from '../../platform/http/app-instance';
import { listAudit, type AuditLookups } from './audit-log';

/** The audit screen; `lookups` bring the names the audit log does not hold. */
export async function auditRoutes(app: AppInstance, lookups: AuditLookups): Promise<void> {
  app.get('/api/admin/audit-log', {
    config: { access: 'admin' },
    schema: {
      summary: "List the audit log of administrators' actions",
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    handler: (request) => listAudit(app.deps.db, request.query, lookups),
  });
}
