import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { downloadFile } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { adminInvoiceUrl, useAssessmentInvoices, useRefund } from './billing-api';
import './i18n';

function RefundDialog({ assessmentId, onClose }: { assessmentId: number; onClose(): void }) {
  const { t } = useTranslation('billing');
  const [reason, setReason] = useState('');
  const [erase, setErase] = useState(false);
  const refund = useRefund(assessmentId);
  return (
    <ConfirmDialog
      title={t('refundTitle')}
      maxWidth="sm"
      confirmLabel={t('confirm')}
      canConfirm={reason.trim().length >= 3}
      busy={refund.isPending}
      error={refund.isError ? refund.error.message : null}
      onConfirm={() =>
        refund.mutate({ reason: reason.trim(), eraseAnswers: erase }, { onSuccess: onClose })
      }
      onClose={onClose}
      fields={
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={t('reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'refund-reason', maxLength: 1000 } }}
          />
          <Box>
            <FormLabel id={`refund-answers-${assessmentId}`}>{t('answers')}</FormLabel>
            <RadioGroup
              aria-labelledby={`refund-answers-${assessmentId}`}
              value={erase ? 'erase' : 'keep'}
              onChange={(event) => setErase(event.target.value === 'erase')}
            >
              <FormControlLabel value="keep" control={<Radio />} label={t('keepAnswers')} />
              <FormControlLabel value="erase" control={<Radio />} label={t('eraseAnswers')} />
            </RadioGroup>
          </Box>
        </Box>
      }
    >
      {t('refundDescription')}
    </ConfirmDialog>
  );
}

/** The assessment's invoices for the practice, and the refund that cancels it. */
export function AssessmentBilling({ assessmentId }: { assessmentId: number }) {
  const { t, i18n } = useTranslation('billing');
  const invoices = useAssessmentInvoices(assessmentId);
  const [refunding, setRefunding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (invoices.isPending) return <LinearProgress aria-label={t('common:loading')} />;
  if (invoices.isError) return <Alert severity="error">{invoices.error.message}</Alert>;
  const list = invoices.data.invoices;
  const refunded = list.some((invoice) => invoice.kind === 'cancellation');
  return (
    <Box sx={{ mb: 2 }} data-testid="assessment-billing">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('billing')}
      </Typography>
      {list.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('noInvoices')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {list.map((invoice) => {
          const shown = `${t(`kind.${invoice.kind}`)} ${invoice.label} · ${formatDate(invoice.issuedAt, i18n.language)}`;
          return (
            <Link
              key={invoice.id}
              component="button"
              variant="body2"
              // The spoken name contains the visible text, so voice control finds the link by it.
              aria-label={t('download', { label: shown })}
              onClick={() => {
                setError(null);
                downloadFile(adminInvoiceUrl(invoice.id), `${invoice.label}.pdf`).catch(
                  (failure: Error) => setError(failure.message || t('downloadFailed')),
                );
              }}
            >
              {shown}
            </Link>
          );
        })}
        {refunded && <Chip size="small" color="error" variant="outlined" label={t('refunded')} />}
        {list.length > 0 && !refunded && (
          <Button size="small" color="error" variant="outlined" onClick={() => setRefunding(true)}>
            {t('refund')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {refunding && (
        <RefundDialog assessmentId={assessmentId} onClose={() => setRefunding(false)} />
      )}
    </Box>
  );
}
