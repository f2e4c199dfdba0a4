/** The audit log: who did what to which patient's data. */
export { recordAudit, type AuditLookups, type AuditRecord } from './audit-log';
export { auditRoutes } from './routes';
