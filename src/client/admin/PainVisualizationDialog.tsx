import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PainPoint, SymptomEntry } from '../../shared/contracts/survey';
import { SYMPTOM_POSITIONS } from '../../shared/symptoms';
import {
  BodyDiagram,
  PAIN_POINT_COLORS,
  SYMPTOM_DOT_COLORS,
  symptomDots,
  type DiagramDot,
} from '../lib/body-diagram';
import './i18n';

/** SPEC section 9: the dialog is 80vh high, 70vh on medium and 60vh on small screens. */
const DIALOG_HEIGHT = { xs: '100%', sm: '60vh', md: '70vh', lg: '80vh' };
/** The diagrams take what the title, buttons and view headings leave. */
const DIAGRAM_HEIGHT = {
  xs: '60vh',
  sm: 'max(290px, calc(60vh - 190px))',
  md: 'calc(70vh - 190px)',
  lg: 'calc(80vh - 190px)',
};

/** The Pain Symptoms Visualization dialog: front and side views with a coloured dot per complaint. */
export function PainVisualizationDialog({
  symptoms,
  painPoints,
  onClose,
}: {
  symptoms: readonly SymptomEntry[] | null;
  painPoints: readonly PainPoint[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['admin', 'symptoms']);
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const unplaced = (symptoms ?? []).filter((s) => !SYMPTOM_POSITIONS[s.name]);
  const symptomLabel = (s: SymptomEntry) =>
    `${t(`symptoms:names.${s.name}`)} – ${t(`symptoms:intensities.${s.intensity}`)}`;
  const dotsFor = (view: 'front' | 'side'): DiagramDot[] =>
    symptomDots(symptoms ?? [], view, (s) => symptomLabel(s as SymptomEntry));
  const pointDots: DiagramDot[] = (painPoints ?? []).map((point) => ({
    id: point.id,
    x: point.x,
    y: point.y,
    color: PAIN_POINT_COLORS[point.intensity],
    label: t(`symptoms:painIntensities.${point.intensity}`),
  }));
  const showSymptoms = symptoms !== null;

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { height: DIALOG_HEIGHT, minHeight: { sm: 480 } } } }}
    >
      <DialogTitle id={titleId}>{t('responses.visualization.title')}</DialogTitle>
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: showSymptoms
              ? { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 260px' }
              : { xs: '1fr', sm: '1fr 240px' },
            alignItems: 'start',
          }}
        >
          {showSymptoms ? (
            (['front', 'side'] as const).map((view) => (
              <Box key={view} sx={{ textAlign: 'center' }}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {t(`symptoms:views.${view}`)}
                </Typography>
                <BodyDiagram
                  view={view}
                  dots={dotsFor(view)}
                  alt={t(`symptoms:views.${view}`)}
                  height={DIAGRAM_HEIGHT}
                />
              </Box>
            ))
          ) : (
            <Box sx={{ textAlign: 'center' }}>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('responses.visualization.painTitle')}
              </Typography>
              <BodyDiagram
                view="front"
                dots={pointDots}
                alt={t('symptoms:views.front')}
                height={DIAGRAM_HEIGHT}
              />
            </Box>
          )}
          <Box sx={showSymptoms ? { gridColumn: { sm: '1 / -1', md: 'auto' } } : undefined}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('responses.visualization.legend')}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75, mb: 2 }}>
              {(showSymptoms
                ? (
                    [
                      ['leicht', SYMPTOM_DOT_COLORS.green],
                      ['mittel', SYMPTOM_DOT_COLORS.amber],
                      ['stark', SYMPTOM_DOT_COLORS.red],
                    ] as const
                  ).map(([key, color]) => [t(`symptoms:intensities.${key}`), color])
                : (
                    [
                      ['light', PAIN_POINT_COLORS.light],
                      ['medium', PAIN_POINT_COLORS.medium],
                      ['strong', PAIN_POINT_COLORS.strong],
                    ] as const
                  ).map(([key, color]) => [t(`symptoms:painIntensities.${key}`), color])
              ).map(([label, color]) => (
                <Box key={label} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color }} />
                  <Typography variant="body2">{label}</Typography>
                </Box>
              ))}
            </Box>
            {showSymptoms && (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {(symptoms ?? []).map((s) => (
                  <Box component="li" key={s.id} sx={{ mb: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`symptoms:names.${s.name}`)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('responses.symptomDetail', {
                        frequency: t(`symptoms:frequencies.${s.frequency}`),
                        trigger: t(`symptoms:triggers.${s.trigger}`),
                        intensity: t(`symptoms:intensities.${s.intensity}`),
                      })}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
            {unplaced.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('responses.visualization.noLocation')}
                </Typography>
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
                  {unplaced.map((s) => (
                    <Chip key={s.id} size="small" label={t(`symptoms:names.${s.name}`)} />
                  ))}
                </Box>
              </Box>
            )}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('responses.visualization.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
