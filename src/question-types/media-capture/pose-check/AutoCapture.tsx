import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Countdown } from './countdown';
import { POSE_CHECK_TEXTS } from './survey-texts';

/**
 * The patient's switch for the automatic capture, and what the countdown says: each number and
 * a stop are announced to screen readers (one change a second at most).
 */
export function AutoCaptureSwitch({
  on,
  onChange,
  countdown,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  countdown: Countdown;
}) {
  const { t } = useTranslation(POSE_CHECK_TEXTS);
  const line =
    countdown.phase === 'counting'
      ? t('countdown', { seconds: countdown.remaining })
      : countdown.phase === 'cancelled'
        ? t('countdownStopped')
        : '';
  return (
    <Box sx={{ textAlign: 'center' }}>
      <FormControlLabel
        control={<Switch checked={on} onChange={(event) => onChange(event.target.checked)} />}
        label={t('autoCapture')}
      />
      <Typography
        variant="body2"
        role="status"
        aria-live="polite"
        data-testid="auto-capture-countdown"
        data-phase={countdown.phase}
        sx={{ minHeight: '1.5em' }}
      >
        {line}
      </Typography>
    </Box>
  );
}

/** The countdown's number, large over the live picture. */
export function CountdownNumber({ countdown }: { countdown: Countdown }) {
  if (countdown.phase !== 'counting') return null;
  return (
    <Typography
      aria-hidden
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: '6rem',
        fontWeight: 700,
        color: 'common.white',
        textShadow: '0 0 12px rgba(0,0,0,0.8)',
        pointerEvents: 'none',
      }}
    >
      {countdown.remaining}
    </Typography>
  );
}
