import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** SPEC section 8: a load error replaces the whole screen with the message in the error colour. */
export function LoadErrorScreen({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 3,
      }}
    >
      <ErrorOutlineIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1" color="error">
        {title}
      </Typography>
      {detail && (
        <Typography color="error" sx={{ maxWidth: 560 }}>
          {detail}
        </Typography>
      )}
      <Button variant="outlined" color="error" onClick={onRetry} sx={{ mt: 1 }}>
        {t('retry')}
      </Button>
    </Box>
  );
}
