import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BodyDiagram, PAIN_POINT_COLORS } from '../../client/lib/body-diagram';
import '../../client/lib/symptoms/i18n';
import { PAIN_POINT_INTENSITIES, type PainPointIntensity } from '../../shared/constants';
import { newEntryId } from '../entry-id';
import type { SurveyInputProps } from '../question-type.client';
import { MAX_PAIN_POINTS } from './shared';
import { SURVEY_TEXTS } from './survey-texts';

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Front body diagram: a click adds a point at the chosen intensity, a click on a point removes it. */
export default function PainAtlasInput({ draft, onChange }: SurveyInputProps<'pain_atlas'>) {
  const { t } = useTranslation(SURVEY_TEXTS);
  const { t: tSymptoms } = useTranslation('symptoms');
  const [intensity, setIntensity] = useState<PainPointIntensity>('medium');
  const points = draft.painPoints;
  const change = (painPoints: typeof points) => onChange({ painPoints });

  const add = (x: number, y: number) => {
    if (points.length >= MAX_PAIN_POINTS) return;
    change([...points, { id: newEntryId(), x: round(x), y: round(y), intensity }]);
  };
  const remove = (id: string) => change(points.filter((p) => p.id !== id));

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Stack spacing={1} sx={{ alignItems: 'center' }}>
        <Typography id="pain-intensity-label" variant="subtitle2">
          {t('intensity')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={intensity}
          onChange={(_, value: PainPointIntensity | null) => value && setIntensity(value)}
          aria-labelledby="pain-intensity-label"
          size="small"
        >
          {PAIN_POINT_INTENSITIES.map((level) => (
            <ToggleButton key={level} value={level} sx={{ px: 2, gap: 1 }}>
              <Box
                component="span"
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: PAIN_POINT_COLORS[level],
                }}
              />
              {t(`intensities.${level}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('hint')}
      </Typography>
      <BodyDiagram
        view="front"
        alt={tSymptoms('bodyAlt.front')}
        placeLabel={t('keyboardHint')}
        height={{ xs: '60vh', sm: '60vh', lg: '62vh' }}
        onPlace={add}
        dots={points.map((p) => ({
          id: p.id,
          x: p.x,
          y: p.y,
          color: PAIN_POINT_COLORS[p.intensity],
          label: t('pointLabel', { intensity: t(`intensities.${p.intensity}`) }),
          onActivate: () => remove(p.id),
        }))}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" role="status" data-testid="pain-point-count">
          {points.length === 0 ? t('none') : t('count', { count: points.length })}
        </Typography>
        {points.length > 0 && (
          <Button size="small" onClick={() => change([])}>
            {t('clear')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
