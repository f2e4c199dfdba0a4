import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../shared/contracts/invoices';
import { DownloadNavButton } from '../../lib/DownloadNavButton';
import { fetchMyInvoices, myInvoiceUrl } from './api';
import './i18n';

/** MUI's ReceiptLong icon. */
const RECEIPT =
  'M19.5 3.5 18 2l-1.5 1.5L15 2l-1.5 1.5L12 2l-1.5 1.5L9 2 7.5 3.5 6 2v14H3v3c0 1.66 1.34 3 3 3h12c1.66 0 3-1.34 3-3V2zM19 19c0 .55-.45 1-1 1s-1-.45-1-1v-3H8V5h11zM9 7h6v2H9zm7 0h2v2h-2zm-7 3h6v2H9zm7 0h2v2h-2z';

/** The patient's invoice, for a paid assessment (the access-code mail points here). */
export function InvoiceButton() {
  const { t } = useTranslation('invoices');
  const [invoice, setInvoice] = useState<InvoiceSummary | null>(null);
  useEffect(() => {
    fetchMyInvoices().then(
      ({ invoices }) => setInvoice(invoices.find((item) => item.kind === 'invoice') ?? null),
      () => setInvoice(null),
    );
  }, []);
  if (!invoice) return null;
  return (
    <DownloadNavButton
      url={myInvoiceUrl(invoice.id)}
      filename={`${invoice.label}.pdf`}
      label={t('invoice')}
      hint={t('invoiceHint')}
      failedHint={t('downloadFailed')}
      icon={RECEIPT}
    />
  );
}
