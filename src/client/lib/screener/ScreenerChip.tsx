import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { ScreenerScore } from '../../../shared/contracts/review';
import './i18n';

/** The TMD Pain Screener result, for the practice only, labelled as a screening aid. */
export function ScreenerChip({
  screener,
  withLabel = false,
}: {
  screener: ScreenerScore | null;
  /** Prefix the chip with "TMD screener" where no column heading names it. */
  withLabel?: boolean;
}) {
  const { t } = useTranslation('screener');
  const hint = t('hint', { cutoff: screener?.cutoff ?? 3 });
  const prefix = withLabel ? `${t('label')}: ` : '';
  if (!screener) {
    return (
      <Tooltip title={hint}>
        <Chip
          size="small"
          variant="outlined"
          label={`${prefix}${t('missing')}`}
          data-testid="screener-chip"
        />
      </Tooltip>
    );
  }
  const verdict = screener.positive ? t('positive') : t('negative');
  return (
    <Tooltip title={hint}>
      <Chip
        size="small"
        variant="outlined"
        // Amber like a warning alert, in shades that keep the text readable (WCAG AA).
        sx={
          screener.positive
            ? { bgcolor: '#fff4e5', color: '#663c00', borderColor: '#ffb74d', fontWeight: 600 }
            : undefined
        }
        label={`${prefix}${t('score', { score: screener.score, max: screener.maxScore })} · ${verdict}`}
        data-testid="screener-chip"
      />
    </Tooltip>
  );
}
