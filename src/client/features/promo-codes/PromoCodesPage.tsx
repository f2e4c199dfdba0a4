import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoCodeStatus } from '../../../shared/constants';
import type { PromoCode } from '../../../shared/contracts/promo-codes';
import { ConfirmDialog } from '../../lib/dialogs/ConfirmDialog';
import { failureText } from '../../lib/failure-text';
import { formatDate, formatDateTime, formatEuros } from '../../lib/format';
import { ListPage } from '../../lib/ListPage';
import { QueryFallback } from '../../lib/QueryFallback';
import { RowAction } from '../../lib/RowAction';
import { useDeletePromoCode, usePromoCodes } from './api';
import { PromoCodeDialog } from './PromoCodeDialog';
import '../../lib/admin-i18n/i18n';

/** SPEC section 4: active success, redeemed primary, expired warning, deleted error. */
const STATUS_COLORS: Record<PromoCodeStatus, ChipProps['color']> = {
  active: 'success',
  redeemed: 'primary',
  expired: 'warning',
  deleted: 'error',
};

type Editing = { promoCode: PromoCode | null } | null;

export default function PromoCodesPage() {
  const { t, i18n } = useTranslation('admin');
  const promoCodes = usePromoCodes();
  const remove = useDeletePromoCode();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const language = i18n.language;

  if (promoCodes.isPending || promoCodes.isError) {
    return <QueryFallback query={promoCodes} errorTitle={t('promoCodes.loadFailed')} />;
  }
  const list = promoCodes.data;
  const now = Date.now();
  const locks = (promo: PromoCode) => ({
    isDeleted: promo.Status === 'deleted',
    isRedeemed: promo.Status === 'redeemed' || promo.RedeemedByUserID !== null,
  });

  const expiresOf = (promo: PromoCode) => {
    if (!promo.ExpiresAt) return t('promoCodes.noExpiration');
    const past = Date.parse(promo.ExpiresAt) < now && promo.Status !== 'deleted';
    return (
      <Box component="span" sx={{ color: past ? 'warning.dark' : undefined }}>
        {formatDateTime(promo.ExpiresAt, language)}
      </Box>
    );
  };

  const redeemedByOf = (promo: PromoCode) =>
    promo.RedeemedByEmail ??
    (promo.RedeemedByUserID !== null ? `#${promo.RedeemedByUserID}` : t('promoCodes.notRedeemed'));

  const actionsOf = (promo: PromoCode) => {
    const { isDeleted, isRedeemed } = locks(promo);
    const deleteHint = isDeleted
      ? t('promoCodes.deletedLocked')
      : isRedeemed
        ? t('promoCodes.redeemedLocked')
        : t('promoCodes.delete', { code: promo.Code });
    return (
      <>
        <RowAction
          label={t('promoCodes.edit', { code: promo.Code })}
          tooltip={isDeleted ? t('promoCodes.deletedLocked') : undefined}
          disabled={isDeleted}
          onClick={() => setEditing({ promoCode: promo })}
        >
          <EditOutlinedIcon />
        </RowAction>
        <RowAction
          label={t('promoCodes.delete', { code: promo.Code })}
          tooltip={deleteHint}
          color="error"
          disabled={isDeleted || isRedeemed}
          onClick={() => {
            remove.reset();
            setDeleting(promo);
          }}
        >
          <DeleteOutlineIcon />
        </RowAction>
      </>
    );
  };

  /** An active code past its expiry date no longer applies: it reads as expired. */
  const shownStatus = (promo: PromoCode): PromoCodeStatus =>
    promo.Status === 'active' && promo.ExpiresAt && Date.parse(promo.ExpiresAt) < now
      ? 'expired'
      : promo.Status;

  const statusChip = (promo: PromoCode) => {
    const status = shownStatus(promo);
    return (
      <Chip
        size="small"
        color={STATUS_COLORS[status]}
        label={t(`promoCodes.status.${status}`)}
        data-testid="promo-status-chip"
        data-status={status}
      />
    );
  };

  return (
    <ListPage
      title={t('promoCodes.title')}
      subtitle={t('promoCodes.subtitle')}
      addLabel={t('promoCodes.add')}
      onAdd={() => setEditing({ promoCode: null })}
      items={list}
      emptyText={t('promoCodes.empty')}
      card={(promo) => (
        <Paper
          key={promo.ID}
          variant="outlined"
          data-testid="promo-row"
          data-code={promo.Code}
          sx={{ p: 2, ...(promo.Status === 'deleted' ? { bgcolor: 'grey.50' } : {}) }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              sx={{
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                fontWeight: 700,
                textDecoration: promo.Status === 'deleted' ? 'line-through' : undefined,
              }}
            >
              {promo.Code}
            </Typography>
            {statusChip(promo)}
            <Box sx={{ ml: 'auto', display: 'flex' }}>{actionsOf(promo)}</Box>
          </Box>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.5,
              m: 0,
              mt: 1,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, wordBreak: 'break-word' },
              typography: 'body2',
            }}
          >
            <dt>{t('promoCodes.columns.discount')}</dt>
            <dd data-testid="promo-discount">{formatEuros(promo.AmountCents, language)}</dd>
            <dt>{t('promoCodes.columns.expires')}</dt>
            <dd>{expiresOf(promo)}</dd>
            <dt>{t('promoCodes.columns.created')}</dt>
            <dd>{formatDate(promo.CreatedAt, language)}</dd>
            <dt>{t('promoCodes.columns.redeemedBy')}</dt>
            <dd>{redeemedByOf(promo)}</dd>
          </Box>
        </Paper>
      )}
      head={
        <>
          <TableCell>{t('promoCodes.columns.code')}</TableCell>
          <TableCell align="right">{t('promoCodes.columns.discount')}</TableCell>
          <TableCell>{t('promoCodes.columns.status')}</TableCell>
          <TableCell>{t('promoCodes.columns.expires')}</TableCell>
          <TableCell>{t('promoCodes.columns.created')}</TableCell>
          <TableCell>{t('promoCodes.columns.redeemedBy')}</TableCell>
          <TableCell align="right">{t('promoCodes.columns.actions')}</TableCell>
        </>
      }
      row={(promo) => {
        const isDeleted = promo.Status === 'deleted';
        return (
          <TableRow
            key={promo.ID}
            hover
            data-testid="promo-row"
            data-code={promo.Code}
            sx={isDeleted ? { bgcolor: 'grey.50', '& td': { color: 'text.secondary' } } : undefined}
          >
            <TableCell
              sx={{
                fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
                fontWeight: 600,
                textDecoration: isDeleted ? 'line-through' : undefined,
              }}
            >
              {promo.Code}
            </TableCell>
            <TableCell align="right" data-testid="promo-discount">
              {formatEuros(promo.AmountCents, language)}
            </TableCell>
            <TableCell>{statusChip(promo)}</TableCell>
            <TableCell>{expiresOf(promo)}</TableCell>
            <TableCell>{formatDate(promo.CreatedAt, language)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{redeemedByOf(promo)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {actionsOf(promo)}
            </TableCell>
          </TableRow>
        );
      }}
      minWidth={760}
      notice={notice}
      onNoticeClose={() => setNotice(null)}
    >
      {editing && (
        <PromoCodeDialog
          promoCode={editing.promoCode}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('promoCodes.saved'));
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('promoCodes.confirmDelete')}
        busy={remove.isPending}
        error={remove.isError ? failureText(t('promoCodes.deleteFailed'), remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.ID, {
            onSuccess: () => {
              setDeleting(null);
              setNotice(t('promoCodes.deleted'));
            },
          })
        }
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <Box
            component="span"
            sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 }}
          >
            {deleting.Code} · {formatEuros(deleting.AmountCents, language)}
          </Box>
        )}
      </ConfirmDialog>
    </ListPage>
  );
}
