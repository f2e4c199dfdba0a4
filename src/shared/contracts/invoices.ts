import { z } from 'zod';
import { multiLine } from './common';

/** An invoice or cancellation invoice as lists show it; the PDF has the rest. */
export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(['invoice', 'cancellation']),
  issuedAt: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** A full refund of an assessment's payment, asked for by an administrator. */
export const refundBodySchema = z.strictObject({
  reason: multiLine().trim().min(3).max(1000),
  /** Erase the patient's answers and files now, or keep them for the retention period. */
  eraseAnswers: z.boolean(),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundResultSchema = z.object({
  refundedAt: z.string(),
  /** The Stornorechnung, when the payment had an invoice. */
  cancellationInvoiceId: z.number().int().nullable(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;
