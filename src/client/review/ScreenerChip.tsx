import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { ScreenerScore } from '../../shared/contracts/review';

/** The TMD Pain Screener result, for the practice only, labelled as a screening aid. */
export function ScreenerChip({ screener }: { screener: ScreenerScore | null }) {
  const { t } = useTranslation('review');
  const hint = t('screenerHint', { cutoff: screener?.cutoff ?? 3 });
  if (!screener) {
    return (
      <Tooltip title={hint}>
        <Chip size="small" variant="outlined" label={t('screenerMissing')} />
      </Tooltip>
    );
  }
  const verdict = screener.positive ? t('screenerPositive') : t('screenerNegative');
  return (
    <Tooltip title={hint}>
      <Chip
        size="small"
        color={screener.positive ? 'warning' : 'default'}
        variant={screener.positive ? 'filled' : 'outlined'}
        label={`${t('screenerScore', { score: screener.score, max: screener.maxScore })} · ${verdict}`}
      />
    </Tooltip>
  );
}
