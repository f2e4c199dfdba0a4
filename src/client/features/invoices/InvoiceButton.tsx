import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '../../../shared/contracts/invoices';
import { downloadFile } from '../../lib/download';
import { fetchMyInvoices, myInvoiceUrl } from './api';
import './i18n';

/** The patient's invoice, for a paid assessment (the access-code mail points here). */
export function InvoiceButton() {
  const { t } = useTranslation('invoices');
  const [invoice, setInvoice] = useState<InvoiceSummary | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const phone = useMediaQuery('(max-width:599.95px)');
  useEffect(() => {
    fetchMyInvoices().then(
      ({ invoices }) => setInvoice(invoices.find((item) => item.kind === 'invoice') ?? null),
      () => setInvoice(null),
    );
  }, []);
  if (!invoice) return null;
  const download = () => {
    setState('busy');
    downloadFile(myInvoiceUrl(invoice.id), `${invoice.label}.pdf`).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  const hint = state === 'failed' ? t('downloadFailed') : t('invoiceHint');
  if (phone) {
    return (
      <IconButton
        color="inherit"
        onClick={download}
        disabled={state === 'busy'}
        aria-label={t('invoice')}
        title={hint}
      >
        <ReceiptLongIcon />
      </IconButton>
    );
  }
  return (
    <Button
      color="inherit"
      onClick={download}
      disabled={state === 'busy'}
      startIcon={<ReceiptLongIcon />}
      title={hint}
      sx={state === 'failed' ? { color: 'warning.light' } : undefined}
    >
      {t('invoice')}
    </Button>
  );
}
