/** Invoices: gapless numbers, invoices and cancellation invoices, their PDF and downloads. */
export { renderStoredInvoice } from './invoice-downloads';
export { invoicesOfAssessment } from './invoices-repository';
export { issueCancellation, issueInvoice } from './issue-invoice';
export { invoiceMessages } from './messages';
export { invoiceRoutes } from './routes';
