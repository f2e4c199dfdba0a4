import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPatient } from '../../../shared/contracts/admin-patients';
import { AccessCodeAccordion } from './AssessmentAnswers';
import { ErasePatientDialog } from './ErasePatientDialog';
import { PAGE_SIZE, usePatientsPage } from './api';
import { QueryFallback } from '../../lib/QueryFallback';
import { PageHeader } from '../../lib/PageHeader';
import '../../lib/admin-i18n/i18n';

function PatientAccordion({ user }: { user: AdminPatient }) {
  const { t } = useTranslation('admin');
  const [expanded, setExpanded] = useState(false);
  const [erasing, setErasing] = useState(false);
  // Each person of the address by the name entered at their own checkout: the group is a hint.
  const names = [
    ...new Set(
      user.accessCodes.map((code) => `${code.firstName} ${code.lastName}`.trim()).filter(Boolean),
    ),
  ];
  const name = names.join(' · ') || user.email;
  const initials =
    `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() ||
    user.email.charAt(0).toUpperCase();
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => setExpanded(open)}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid="patient-accordion"
      sx={{ borderRadius: 2, '&:before': { display: 'none' }, overflow: 'hidden' }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 1.5, sm: 2 },
            minWidth: 0,
            width: '100%',
          }}
        >
          <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40, fontSize: 16 }}>
            {initials}
          </Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={t('responses.accessCodes', { count: user.accessCodes.length })}
            sx={{ mr: 1, flexShrink: 0 }}
          />
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0, px: { xs: 1, sm: 2 } }}>
        {user.accessCodes.length > 1 && (
          <Alert severity="info" sx={{ mb: 1 }} data-testid="shared-email">
            {t('responses.sharedEmail', { count: user.accessCodes.length })}
          </Alert>
        )}
        <Stack spacing={1}>
          {user.accessCodes.map((code) => (
            <AccessCodeAccordion key={code.ID} code={code} />
          ))}
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
          <Button
            size="small"
            color="error"
            variant="text"
            startIcon={<DeleteForeverIcon />}
            onClick={() => setErasing(true)}
          >
            {t('erase.open')}
          </Button>
        </Box>
        {erasing && <ErasePatientDialog user={user} onClose={() => setErasing(false)} />}
      </AccordionDetails>
    </Accordion>
  );
}

export default function PatientsPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const responses = usePatientsPage(page, search);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchInput]);

  // A failed refetch (another page, a search) keeps the patients shown so far.
  if (responses.isPending || (responses.isError && !responses.data)) {
    return <QueryFallback query={responses} errorTitle={t('responses.loadFailed')} />;
  }
  const data = responses.data;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader
        title={t('responses.title')}
        subtitle={t('responses.subtitle')}
        action={
          <TextField
            size="small"
            type="search"
            label={t('responses.search')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            sx={{ minWidth: { sm: 300 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        }
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('responses.patients', { count: data.total })}
        </Typography>
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{responses.isFetching && <LinearProgress />}</Box>
      {data.users.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {search ? t('responses.noMatch') : t('responses.empty')}
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={1.5}>
          {data.users.map((user) => (
            <PatientAccordion key={user.ID} user={user} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Pagination
            count={pages}
            page={page}
            onChange={(_, value) => setPage(value)}
            color="primary"
            aria-label={t('pagination')}
          />
        </Box>
      )}
    </Container>
  );
}
