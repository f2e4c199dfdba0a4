import { invoiceListSchema } from '../../../shared/contracts/invoices';
import { apiRequest } from '../../lib/api-client';

/** The patient's invoices (of the signed-in assessment). */
export const fetchMyInvoices = () => apiRequest('/api/me/invoices', { schema: invoiceListSchema });
export const myInvoiceUrl = (id: number) => `/api/me/invoices/${id}/pdf`;
