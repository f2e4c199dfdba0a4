import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { AssessmentStatus } from '../../../shared/constants';
import './i18n';

const STATUS_COLORS = {
  in_progress: 'default',
  // Outlined (below) so the blue text stays readable; "info" blue is too light for white text.
  submitted: 'primary',
  in_review: 'primary',
  evaluated: 'success',
} as const;

/**
 * The review status of an assessment, the same in the queue and the responses view. A refunded
 * assessment is cancelled whatever status it had reached, and says so.
 */
export function AssessmentStatusChip({
  status,
  cancelled = false,
}: {
  status: AssessmentStatus;
  cancelled?: boolean;
}) {
  const { t } = useTranslation('screener');
  if (cancelled) {
    return (
      <Chip
        size="small"
        color="error"
        variant="outlined"
        label={t('status.cancelled')}
        data-testid="review-status"
      />
    );
  }
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'in_review' || status === 'evaluated' ? 'filled' : 'outlined'}
      label={t(`status.${status}`)}
      data-testid="review-status"
    />
  );
}
