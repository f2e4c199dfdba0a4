import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../shared/contracts/invoices';
import { DownloadNavButton } from '../../lib/DownloadNavButton';
import { fetchMyInvoices, myInvoiceUrl } from './api';
import './i18n';

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
      icon={<ReceiptLongIcon />}
    />
  );
}
