import { idParamsSchema } from '../../../shared/contracts/common';
import { invoiceListSchema } from '../../../shared/contracts/invoices';
import type { AppInstance } from '../../platform/http/app-instance';
import { sendDownload } from '../../platform/http/download';
import { requireAuth } from '../../platform/http/route-access';
import { adminInvoicePdf, listInvoices, patientInvoicePdf } from './invoice-downloads';

/** Invoices for the patient (their session's assessment) and for the practice. */
export async function invoiceRoutes(app: AppInstance): Promise<void> {
  app.get('/api/me/invoices', {
    config: { access: 'user' },
    schema: { summary: "List the patient's invoices", response: { 200: invoiceListSchema } },
    handler: async (request) => ({
      invoices: await listInvoices(app.deps.db, requireAuth(request).assessmentId),
    }),
  });

  app.get('/api/me/invoices/:id/pdf', {
    config: { access: 'user' },
    schema: { summary: "Download one of the patient's invoices (PDF)", params: idParamsSchema },
    handler: async (request, reply) => {
      const file = await patientInvoicePdf(app.deps, requireAuth(request), request.params.id);
      return sendDownload(reply, {
        type: 'application/pdf',
        filename: file.filename,
        body: file.pdf,
      });
    },
  });

  app.get('/api/admin/assessments/:id/invoices', {
    config: { access: 'admin' },
    schema: {
      summary: 'List the invoices of an assessment',
      params: idParamsSchema,
      response: { 200: invoiceListSchema },
    },
    handler: async (request) => ({ invoices: await listInvoices(app.deps.db, request.params.id) }),
  });

  app.get('/api/admin/invoices/:id/pdf', {
    config: { access: 'admin' },
    schema: { summary: 'Download an invoice (PDF)', params: idParamsSchema },
    handler: async (request, reply) => {
      const file = await adminInvoicePdf(app.deps, requireAuth(request), request.params.id);
      return sendDownload(reply, {
        type: 'application/pdf',
        filename: file.filename,
        body: file.pdf,
      });
    },
  });
}
