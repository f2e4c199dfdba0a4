import { z } from 'zod';
import { idParamSchema, isoDateSchema } from './common';

export const AUDIT_ACTIONS = [
  'responses.read',
  'media.read',
  'report.export',
  'answers.export',
  'assessment.status',
  'patient.export',
  'patient.erase',
  'assessment.erase',
  'retention.erase',
  'question.create',
  'question.update',
  'question.delete',
  'question.deactivate',
  'promo-code.create',
  'promo-code.update',
  'promo-code.delete',
  'admin.totp-failures',
  'access-code.forgot',
  'access-code.reissue',
  'evaluation.read',
  'evaluation.draft',
  'evaluation.send',
  'evaluation.addendum',
  'evaluation.pdf',
  'invoice.export',
  'payment.refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actorUserId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  patientUserId: z.number().int().nullable(),
  patientName: z.string().nullable(),
  assessmentId: z.number().int().nullable(),
  /** Never health data: a status, a file kind, a count. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject({
  patientId: idParamSchema.optional(),
  actorId: idParamSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Administrators, for the filter. */
  actors: z.array(z.object({ id: z.number().int(), email: z.string() })),
});
