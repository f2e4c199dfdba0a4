import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditAction } from '../../../shared/contracts/audit';
import { PageLoader } from '../../lib/PageLoader';
import { formatDateTime } from '../../lib/format';
import { LoadErrorScreen } from '../../lib/LoadErrorScreen';
import { useAuditLog, type AuditFilters } from './api';
import './i18n';

const PAGE_SIZE = 50;

export default function AuditLogPage() {
  const { t, i18n } = useTranslation('audit');
  const [filters, setFilters] = useState<AuditFilters>({ page: 1 });
  const log = useAuditLog(filters);
  const set = (patch: AuditFilters) =>
    setFilters((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));

  if (log.isError)
    return <LoadErrorScreen title={t('loadFailed')} onRetry={() => void log.refetch()} />;
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));
  const page = filters.page ?? 1;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3, maxWidth: 760 }}>
        {t('subtitle')}
      </Typography>

      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: { md: 'center' } }}
        >
          <TextField
            size="small"
            label={t('filters.patient')}
            value={filters.patientId ?? ''}
            onChange={(e) =>
              set({ patientId: Number(e.target.value.replace(/\D/g, '')) || undefined })
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ minWidth: 130 }}
          />
          <TextField
            select
            size="small"
            label={t('filters.actor')}
            value={filters.actorId ?? ''}
            onChange={(e) => set({ actorId: Number(e.target.value) || undefined })}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('filters.any')}</MenuItem>
            {(log.data?.actors ?? []).map((actor) => (
              <MenuItem key={actor.id} value={actor.id}>
                {actor.email}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filters.action')}
            value={filters.action ?? ''}
            onChange={(e) =>
              set({ action: (e.target.value || undefined) as AuditAction | undefined })
            }
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('filters.any')}</MenuItem>
            {AUDIT_ACTIONS.map((action) => (
              <MenuItem key={action} value={action}>
                {t(`actions.${action}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="date"
            label={t('filters.from')}
            value={filters.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('filters.to')}
            value={filters.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button onClick={() => setFilters({ page: 1 })}>{t('filters.clear')}</Button>
        </Stack>
      </Paper>

      {log.isPending ? (
        <PageLoader />
      ) : log.data.entries.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('empty')}</Typography>
        </Paper>
      ) : (
        <>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.when')}</TableCell>
                  <TableCell>{t('columns.actor')}</TableCell>
                  <TableCell>{t('columns.action')}</TableCell>
                  <TableCell>{t('columns.patient')}</TableCell>
                  <TableCell>{t('columns.assessment')}</TableCell>
                  <TableCell>{t('columns.detail')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {log.data.entries.map((entry) => (
                  <TableRow key={entry.id} data-testid="audit-entry">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(entry.createdAt, i18n.language, 'seconds')}
                    </TableCell>
                    <TableCell>{entry.actorEmail ?? t('system')}</TableCell>
                    <TableCell>{t(`actions.${entry.action}`)}</TableCell>
                    <TableCell>
                      {entry.patientUserId ? (
                        <Link
                          component="button"
                          title={t('filterByPatient')}
                          onClick={() => set({ patientId: entry.patientUserId ?? undefined })}
                        >
                          {entry.patientName ?? '–'} (#{entry.patientUserId})
                        </Link>
                      ) : entry.action === 'answers.export' ? (
                        t('allPatients')
                      ) : (
                        '–'
                      )}
                    </TableCell>
                    <TableCell>{entry.assessmentId ? `#${entry.assessmentId}` : '–'}</TableCell>
                    <TableCell>{entry.detail ?? '–'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              mt: 2,
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('total', { count: log.data.total })} · {t('pageOf', { page, pages })}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button disabled={page <= 1} onClick={() => set({ page: page - 1 })}>
                {t('previous')}
              </Button>
              <Button disabled={page >= pages} onClick={() => set({ page: page + 1 })}>
                {t('next')}
              </Button>
            </Stack>
          </Box>
        </>
      )}
    </Container>
  );
}
