import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DOT_PROGRESS_THRESHOLD, MAX_PROGRESS_DOTS } from '../../../shared/constants';

/** What a dot says about its question. */
export type DotState = 'current' | 'answered' | 'skippedRequired' | 'unanswered' | 'upcoming';

/**
 * Each state differs in shape as well as colour (filled, diamond, ring, small), and each dot
 * names its state for a screen reader: colour alone tells nobody who cannot see it.
 */
const DOT_LOOK: Record<DotState, object> = {
  current: {
    width: 14,
    height: 14,
    borderRadius: '50%',
    bgcolor: 'secondary.main',
    outline: '2px solid',
    outlineColor: 'secondary.main',
    outlineOffset: 2,
  },
  answered: { width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main' },
  skippedRequired: {
    width: 10,
    height: 10,
    transform: 'rotate(45deg)',
    bgcolor: 'warning.main',
    border: '2px solid',
    borderColor: 'warning.dark',
  },
  unanswered: {
    width: 10,
    height: 10,
    borderRadius: '50%',
    border: '2px solid',
    borderColor: 'primary.main',
  },
  upcoming: { width: 8, height: 8, borderRadius: '50%', bgcolor: 'grey.400' },
};

/** Dots above 8 questions (first 15, then "+N"), otherwise a bar. */
export function SurveyProgress({ index, states }: { index: number; states: DotState[] }) {
  const { t } = useTranslation('survey');
  const total = states.length;
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
  const shown = states.slice(0, MAX_PROGRESS_DOTS);
  return (
    <Box
      component="ol"
      aria-label={t('progressLabel')}
      data-testid="progress-dots"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: { xs: 0.75, sm: 1 },
        listStyle: 'none',
        m: 0,
        p: 0,
        minHeight: 18,
      }}
    >
      {shown.map((state, i) => {
        const label = t(`dot.${state}`, { number: i + 1 });
        return (
          <Box
            component="li"
            key={i}
            data-state={state}
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', width: 14 }}
          >
            <Box
              role="img"
              aria-label={label}
              aria-current={state === 'current' ? 'step' : undefined}
              title={label}
              sx={{ ...DOT_LOOK[state], boxSizing: 'border-box', transition: 'all 150ms' }}
            />
          </Box>
        );
      })}
      {total > shown.length && (
        <Box component="li" sx={{ ml: 0.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            <span aria-hidden="true">{t('moreDots', { count: total - shown.length })}</span>
            <Box component="span" sx={visuallyHidden}>
              {t('moreDotsLabel', { count: total - shown.length })}
            </Box>
          </Typography>
        </Box>
      )}
    </Box>
  );
}
