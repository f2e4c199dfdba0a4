import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** A failed load replaces the whole screen with its message in the error colour (SPEC 8). */
export function LoadErrorScreen({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box role="alert" sx={{ py: 10, px: 2, textAlign: 'center' }}>
      <Typography color="error" variant="h6" component="p">
        {message}
      </Typography>
      {onRetry && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Box>
  );
}
