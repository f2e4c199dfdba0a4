import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PoseCheck } from './usePoseCheck';
import { POSE_CHECK_TEXTS } from './survey-texts';

/**
 * The guide's outline over the live picture: neutral while the pose is off, green once it holds.
 * Drawn inside the camera's frame.
 */
export function PoseOutline({ check }: { check: PoseCheck }) {
  if (check.state !== 'checking') return null;
  return (
    <Box
      data-testid="pose-outline"
      data-holds={check.holds ? 'true' : 'false'}
      sx={{
        position: 'absolute',
        inset: 6,
        borderRadius: 2,
        border: 4,
        borderColor: check.holds ? 'success.main' : 'rgba(255,255,255,0.55)',
        transition: 'border-color 150ms',
        pointerEvents: 'none',
      }}
    />
  );
}

/**
 * One short instruction at a time under the camera; screen readers hear it only once it has
 * settled (usePoseCheck's `announced`), not on every frame.
 */
export function PoseInstructionLine({
  check,
  recording,
}: {
  check: PoseCheck;
  recording: boolean;
}) {
  const { t } = useTranslation(POSE_CHECK_TEXTS);
  if (check.state === 'off') return null;
  let line: string;
  if (check.state === 'loading') line = t('loading');
  else if (check.state === 'unavailable') line = t('unavailable');
  else if (recording && !check.holds) line = t('leftGuide');
  else if (check.holds) line = t('holds');
  else line = t(`instruction.${check.instruction ?? 'noFace'}`);
  const spoken =
    check.state === 'checking' && check.announced ? t(`instruction.${check.announced}`) : '';
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography
        variant="body1"
        data-testid="pose-instruction"
        data-state={check.state}
        data-instruction={check.state === 'checking' ? (check.instruction ?? 'holds') : ''}
        color={
          check.state === 'checking' && check.holds
            ? 'success.dark'
            : recording && !check.holds
              ? 'warning.dark'
              : 'text.primary'
        }
        // Room for two lines whatever the instruction: the buttons below must not move under a
        // finger while the feedback changes several times a second.
        sx={{ fontWeight: 500, minHeight: '3em' }}
      >
        {line}
      </Typography>
      <Box aria-live="polite" role="status" sx={visuallyHidden} data-testid="pose-announcement">
        {spoken}
      </Box>
      {check.state !== 'unavailable' && (
        <Typography variant="caption" color="text.secondary">
          {t('privacy')}
        </Typography>
      )}
    </Box>
  );
}
