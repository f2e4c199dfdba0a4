import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoCodeStatus } from '../../shared/constants';
import type { PromoCode } from '../../shared/contracts/promo-codes';
import { PageLoader } from '../app/PageLoader';
import { ApiError } from '../lib/api-client';
import { useDeletePromoCode, usePromoCodes } from './api/promo-codes';
import { ConfirmDialog } from './components/ConfirmDialog';
import { LoadErrorScreen } from '../lib/LoadErrorScreen';
import { PageHeader } from './components/PageHeader';
import { formatDate, formatDateTime, formatEuros } from './format';
import { PromoCodeDialog } from './PromoCodeDialog';
import './i18n';

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
  const compact = useMediaQuery('(max-width:599.95px)');
  const promoCodes = usePromoCodes();
  const remove = useDeletePromoCode();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const language = i18n.language;

  if (promoCodes.isPending) return <PageLoader />;
  if (promoCodes.isError) {
    return (
      <LoadErrorScreen
        title={t('promoCodes.loadFailed')}
        detail={promoCodes.error.message}
        onRetry={() => void promoCodes.refetch()}
      />
    );
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
        <Tooltip
          title={
            isDeleted ? t('promoCodes.deletedLocked') : t('promoCodes.edit', { code: promo.Code })
          }
        >
          <span>
            <IconButton
              aria-label={t('promoCodes.edit', { code: promo.Code })}
              disabled={isDeleted}
              onClick={() => setEditing({ promoCode: promo })}
            >
              <EditOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={deleteHint}>
          <span>
            <IconButton
              aria-label={t('promoCodes.delete', { code: promo.Code })}
              color="error"
              disabled={isDeleted || isRedeemed}
              onClick={() => {
                remove.reset();
                setDeleting(promo);
              }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </>
    );
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader
        title={t('promoCodes.title')}
        subtitle={t('promoCodes.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ promoCode: null })}
          >
            {t('promoCodes.add')}
          </Button>
        }
      />
      {list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('promoCodes.empty')}</Typography>
        </Paper>
      ) : compact ? (
        <Stack spacing={1.5}>
          {list.map((promo) => (
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
                <Chip
                  size="small"
                  color={STATUS_COLORS[promo.Status]}
                  label={t(`promoCodes.status.${promo.Status}`)}
                  data-testid="promo-status-chip"
                  data-status={promo.Status}
                />
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
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('promoCodes.title')} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700, bgcolor: 'grey.50' } }}>
                <TableCell>{t('promoCodes.columns.code')}</TableCell>
                <TableCell align="right">{t('promoCodes.columns.discount')}</TableCell>
                <TableCell>{t('promoCodes.columns.status')}</TableCell>
                <TableCell>{t('promoCodes.columns.expires')}</TableCell>
                <TableCell>{t('promoCodes.columns.created')}</TableCell>
                <TableCell>{t('promoCodes.columns.redeemedBy')}</TableCell>
                <TableCell align="right">{t('promoCodes.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((promo) => {
                const isDeleted = promo.Status === 'deleted';
                return (
                  <TableRow
                    key={promo.ID}
                    hover
                    data-testid="promo-row"
                    data-code={promo.Code}
                    sx={
                      isDeleted
                        ? { bgcolor: 'grey.50', '& td': { color: 'text.secondary' } }
                        : undefined
                    }
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
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLORS[promo.Status]}
                        label={t(`promoCodes.status.${promo.Status}`)}
                        data-testid="promo-status-chip"
                        data-status={promo.Status}
                      />
                    </TableCell>
                    <TableCell>{expiresOf(promo)}</TableCell>
                    <TableCell>{formatDate(promo.CreatedAt, language)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{redeemedByOf(promo)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actionsOf(promo)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}

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
        error={
          remove.isError
            ? `${t('promoCodes.deleteFailed')}${remove.error instanceof ApiError ? `: ${remove.error.message}` : ''}`
            : null
        }
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

      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 120, sm: 90 } }}
      />
    </Container>
  );
}
