import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { usePhone } from './use-phone';

/**
 * An admin page listing records with an "Add" button: a table on larger screens, one card per
 * record on a phone, a note when there are none, and a short notice after a change. The page
 * brings its dialogs as children.
 */
export function ListPage<T>({
  title,
  subtitle,
  addLabel,
  onAdd,
  items,
  emptyText,
  card,
  head,
  row,
  minWidth,
  notice,
  onNoticeClose,
  children,
}: {
  title: string;
  subtitle: string;
  addLabel: string;
  onAdd: () => void;
  items: readonly T[];
  emptyText: string;
  /** A record on a phone (with its key). */
  card: (item: T) => ReactNode;
  /** The table's header cells. */
  head: ReactNode;
  /** A record as a table row (with its key). */
  row: (item: T) => ReactNode;
  minWidth: number;
  notice: string | null;
  onNoticeClose: () => void;
  children?: ReactNode;
}) {
  const phone = usePhone();
  let list: ReactNode;
  if (items.length === 0) {
    list = (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText}</Typography>
      </Paper>
    );
  } else if (phone) {
    list = <Stack spacing={1.5}>{items.map(card)}</Stack>;
  } else {
    list = (
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={title} sx={{ minWidth }}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 700, bgcolor: 'grey.50' } }}>{head}</TableRow>
          </TableHead>
          <TableBody>{items.map(row)}</TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 4 } }}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            {addLabel}
          </Button>
        }
      />
      {list}
      {children}
      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={onNoticeClose}
        message={notice}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 120, sm: 90 } }}
      />
    </Container>
  );
}
