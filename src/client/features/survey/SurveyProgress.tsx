import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DOT_PROGRESS_THRESHOLD, MAX_PROGRESS_DOTS } from '../../../shared/constants';

/** Dots above 8 questions (first 15, then "+N"), otherwise a bar. */
export function SurveyProgress({ index, total }: { index: number; total: number }) {
  const { t } = useTranslation('survey');
  const percent = total === 0 ? 0 : Math.round((index / total) * 100);
  if (total <= DOT_PROGRESS_THRESHOLD) {
    return (
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('progressLabel')}
        sx={{ height: 8, borderRadius: 4 }}
      />
    );
  }
  const shown = Math.min(total, MAX_PROGRESS_DOTS);
  return (
    <Box
      role="progressbar"
      aria-label={t('progressLabel')}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={index}
      data-testid="progress-dots"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: { xs: 0.75, sm: 1 } }}
    >
      {Array.from({ length: shown }, (_, i) => (
        <Box
          key={i}
          title={t('dotLabel', { number: i + 1 })}
          sx={{
            width: i === index ? 14 : 10,
            height: i === index ? 14 : 10,
            borderRadius: '50%',
            bgcolor: i < index ? 'primary.main' : i === index ? 'secondary.main' : 'grey.300',
            transition: 'all 150ms',
          }}
        />
      ))}
      {total > shown && (
        <Typography variant="caption" color="text.secondary" sx={{ ml: 0.5, fontWeight: 600 }}>
          {t('moreDots', { count: total - shown })}
        </Typography>
      )}
    </Box>
  );
}
