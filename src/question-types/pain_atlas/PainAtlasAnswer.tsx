import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PAIN_POINT_COLORS } from '../../client/lib/body-diagram';
import '../../client/lib/symptoms/i18n';
import { PAIN_POINT_INTENSITIES } from '../../shared/constants';
import { BodyMapDialog } from '../body-map/BodyMapDialog';
import { VisualizedAnswer } from '../body-map/VisualizedAnswer';
import { NoAnswer } from '../NoAnswer';
import type { AnswerViewProps } from '../question-type.client';
import { ADMIN_TEXTS } from './admin-texts';
import type { PainPoint } from './shared';

/** The marked points on the front view, coloured by intensity. */
function PainPointsDialog({ points, onClose }: { points: PainPoint[]; onClose: () => void }) {
  const { t } = useTranslation([ADMIN_TEXTS, 'symptoms']);
  const intensity = (level: PainPoint['intensity']) => t(`symptoms:painIntensities.${level}`);
  return (
    <BodyMapDialog
      diagrams={[
        {
          view: 'front',
          heading: t('diagramTitle'),
          alt: t('symptoms:views.front'),
          dots: points.map((point) => ({
            id: point.id,
            x: point.x,
            y: point.y,
            color: PAIN_POINT_COLORS[point.intensity],
            label: intensity(point.intensity),
          })),
        },
      ]}
      legend={PAIN_POINT_INTENSITIES.map((level) => [intensity(level), PAIN_POINT_COLORS[level]])}
      onClose={onClose}
    />
  );
}

/** How many points were marked, and the diagram on request. */
export function PainAtlasAnswer({ response }: AnswerViewProps) {
  const { t } = useTranslation(ADMIN_TEXTS);
  const points = response.PainPoints ?? [];
  if (points.length === 0) return <NoAnswer />;
  return (
    <VisualizedAnswer
      summary={<Typography variant="body2">{t('count', { count: points.length })}</Typography>}
      dialog={(onClose) => <PainPointsDialog points={points} onClose={onClose} />}
    />
  );
}
