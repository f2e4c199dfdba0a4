import { defineMessages } from '../../platform/i18n/define-messages';

export const invoiceMessages = defineMessages(
  {
    'invoices.notFound': 'This invoice does not exist.',
  },
  {
    'invoices.notFound': 'Diese Rechnung gibt es nicht.',
  },
);
