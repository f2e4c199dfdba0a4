import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_TEXTS } from './admin-texts';

/** A body-map answer: its summary and a button that opens its diagram dialog. */
export function VisualizedAnswer({
  summary,
  dialog,
}: {
  summary: ReactNode;
  dialog: (onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation(ADMIN_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
      {summary}
      <Button
        size="small"
        variant="outlined"
        startIcon={<BubbleChartIcon fontSize="small" />}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('visualize')}
      </Button>
      {open && dialog(() => setOpen(false))}
    </Box>
  );
}
