import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useHydrated } from '../../lib/use-hydrated';

/** The details step's submit button, which becomes one only once the page has hydrated. */
export function DetailsSubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const hydrated = useHydrated();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
      <Button
        // Before hydration a click would send the form natively, details in the address.
        type={hydrated ? 'submit' : 'button'}
        aria-disabled={hydrated ? undefined : true}
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        {label}
      </Button>
    </Box>
  );
}
