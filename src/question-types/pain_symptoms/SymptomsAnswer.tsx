import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SYMPTOM_DOT_COLORS, symptomDots } from '../../client/lib/body-diagram';
import '../../client/lib/symptoms/i18n';
import { SYMPTOM_INTENSITIES } from '../../shared/constants';
import { SYMPTOM_POSITIONS, symptomColor } from '../../shared/symptoms';
import { BodyMapDialog } from '../body-map/BodyMapDialog';
import { VisualizedAnswer } from '../body-map/VisualizedAnswer';
import { NoAnswer } from '../NoAnswer';
import type { AnswerViewProps } from '../question-type.client';
import { ADMIN_TEXTS } from './admin-texts';
import type { SymptomEntry } from './shared';

/** Front and side views with a dot per complaint, the complaints listed beside them. */
function SymptomsDialog({ symptoms, onClose }: { symptoms: SymptomEntry[]; onClose: () => void }) {
  const { t } = useTranslation([ADMIN_TEXTS, 'symptoms']);
  const name = (s: SymptomEntry) => t(`symptoms:names.${s.name}`);
  const intensity = (level: SymptomEntry['intensity']) => t(`symptoms:intensities.${level}`);
  const unplaced = symptoms.filter((s) => !SYMPTOM_POSITIONS[s.name]);
  return (
    <BodyMapDialog
      diagrams={(['front', 'side'] as const).map((view) => ({
        view,
        heading: t(`symptoms:views.${view}`),
        alt: t(`symptoms:views.${view}`),
        dots: symptomDots(symptoms, view, (s) => {
          const entry = s as SymptomEntry;
          return `${name(entry)} – ${intensity(entry.intensity)}`;
        }),
      }))}
      legend={SYMPTOM_INTENSITIES.map((level) => [
        intensity(level),
        SYMPTOM_DOT_COLORS[symptomColor(level)],
      ])}
      onClose={onClose}
    >
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {symptoms.map((s) => (
          <Box component="li" key={s.id} sx={{ mb: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {name(s)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('detail', {
                frequency: t(`symptoms:frequencies.${s.frequency}`),
                trigger: t(`symptoms:triggers.${s.trigger}`),
                intensity: intensity(s.intensity),
              })}
            </Typography>
          </Box>
        ))}
      </Box>
      {unplaced.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="caption" color="text.secondary">
            {t('noLocation')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
            {unplaced.map((s) => (
              <Chip key={s.id} size="small" label={name(s)} />
            ))}
          </Box>
        </Box>
      )}
    </BodyMapDialog>
  );
}

/** The complaints as chips (with their details in the dialog), and the body views on request. */
export function SymptomsAnswer({ response, full }: AnswerViewProps) {
  const { t } = useTranslation('symptoms');
  const symptoms = response.Symptoms ?? [];
  if (symptoms.length === 0) return <NoAnswer />;
  return (
    <VisualizedAnswer
      summary={
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {symptoms.map((s) => (
            <Chip
              key={s.id}
              size="small"
              variant="outlined"
              label={
                full
                  ? `${t(`names.${s.name}`)} · ${t(`frequencies.${s.frequency}`)} · ${t(`triggers.${s.trigger}`)} · ${t(`intensities.${s.intensity}`)}`
                  : t(`names.${s.name}`)
              }
            />
          ))}
        </Box>
      }
      dialog={(onClose) => <SymptomsDialog symptoms={symptoms} onClose={onClose} />}
    />
  );
}
