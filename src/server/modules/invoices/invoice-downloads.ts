import type { InvoiceSummary } from '../../../shared/contracts/invoices';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/auth-context';
import { recordAudit } from '../audit';
import { renderInvoicePdf } from './invoice-pdf';
import { downloadNames } from '../../platform/i18n/download-names';
import { findInvoice, invoicesOfAssessment, type InvoiceRow } from './invoices-repository';

export interface InvoiceDeps {
  db: Db;
  config: Pick<Config, 'practice'>;
}

const summary = (row: InvoiceRow): InvoiceSummary => ({
  id: row.id,
  label: row.label,
  kind: row.kind,
  issuedAt: row.issuedAt.toISOString(),
  totalCents: row.totalCents,
  currency: row.currency,
});

/** The invoices of one assessment: the patient's own (from the session), or any for an admin. */
export async function listInvoices(db: Db, assessmentId: number): Promise<InvoiceSummary[]> {
  return (await invoicesOfAssessment(db, assessmentId)).map(summary);
}

/** An invoice as a PDF, with the invoice it cancels when it is a cancellation invoice. */
export async function renderStoredInvoice(
  deps: InvoiceDeps,
  invoice: InvoiceRow,
): Promise<{ filename: string; pdf: ReturnType<typeof renderInvoicePdf> }> {
  const original = invoice.cancelsInvoiceId
    ? await findInvoice(deps.db, invoice.cancelsInvoiceId)
    : undefined;
  return {
    filename: `${downloadNames[invoice.kind === 'cancellation' ? 'cancellation' : 'invoice'][invoice.language]}-${invoice.label}.pdf`,
    pdf: renderInvoicePdf(invoice, original, deps.config.practice),
  };
}

/**
 * One invoice for the patient: only their session's assessment's invoices; another one is a 404,
 * whether or not it exists.
 */
export async function patientInvoicePdf(deps: InvoiceDeps, actor: AuthContext, invoiceId: number) {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice || invoice.assessmentId !== actor.assessmentId) throw notFound('invoices.notFound');
  return renderStoredInvoice(deps, invoice);
}

/** Any invoice for an administrator, audited: the invoice names the patient. */
export async function adminInvoicePdf(deps: InvoiceDeps, actor: AuthContext, invoiceId: number) {
  const invoice = await findInvoice(deps.db, invoiceId);
  if (!invoice) throw notFound('invoices.notFound');
  await recordAudit(deps.db, actor, {
    action: 'invoice.export',
    assessmentId: invoice.assessmentId,
    detail: invoice.label,
  });
  return renderStoredInvoice(deps, invoice);
}
