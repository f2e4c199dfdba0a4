import { defineMessages } from '../../platform/i18n/define-messages';
import { registerMessages } from '../../platform/i18n/messages';

export const invoiceMessages = defineMessages(
  {
    'invoices.notFound': 'This invoice does not exist.',
  },
  {
    'invoices.notFound': 'Diese Rechnung gibt es nicht.',
  },
);

registerMessages(invoiceMessages);

declare module '../../platform/i18n/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds this module's keys
  interface ModuleMessages extends Record<keyof typeof invoiceMessages.en, string> {}
}
