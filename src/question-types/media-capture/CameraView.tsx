import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import '../../client/lib/overlays/i18n';
import { overlayImageUrl } from '../../client/lib/overlays/overlay-image';
import type { OverlayGuide } from '../../shared/overlays';
import { CAPTURE_SIZE } from './camera-platform';
import { SURVEY_TEXTS } from './survey-texts';
import type { CameraState } from './useCamera';

/** The square every photo and video is shown in: the capture area of SPEC section 9. */
export const MEDIA_FRAME = {
  position: 'relative',
  width: '100%',
  maxWidth: CAPTURE_SIZE,
  aspectRatio: '1 / 1',
  mx: 'auto',
  borderRadius: 2,
  overflow: 'hidden',
  bgcolor: 'grey.900',
} as const;

/** Minutes and seconds, as a recording's time reads: 0:45, 1:00. */
export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** The live camera picture with the pose guide over it and, while recording, the time left. */
export function CameraView({
  videoRef,
  state,
  guide,
  recording,
  children,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  guide: OverlayGuide;
  recording: { elapsed: number; remaining: number } | null;
  /** Drawn over the picture: the capture assistant's outline. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(SURVEY_TEXTS);
  const { t: tOverlay } = useTranslation('overlays');
  const guideUrl = overlayImageUrl(guide);
  return (
    <Box sx={MEDIA_FRAME} aria-label={t('areaLabel')} role="region">
      <Box
        component="video"
        ref={videoRef}
        autoPlay
        muted
        playsInline
        data-testid="camera-video"
        sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      {guideUrl && (
        <Box
          component="img"
          src={guideUrl}
          alt={tOverlay('imageAlt', { name: tOverlay(`${guide.key}.name`) })}
          data-testid="overlay-guide"
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            pointerEvents: 'none',
          }}
        />
      )}
      {children}
      {state === 'starting' && (
        <Stack
          spacing={1}
          sx={{
            position: 'absolute',
            inset: 0,
            alignItems: 'center',
            justifyContent: 'center',
            color: 'common.white',
          }}
        >
          <CircularProgress color="inherit" size={32} />
          <Typography variant="body2">{t('starting')}</Typography>
        </Stack>
      )}
      {recording && (
        <Box
          role="timer"
          aria-live="off"
          data-testid="recording-countdown"
          sx={{
            position: 'absolute',
            top: 12,
            left: 12,
            px: 1.5,
            py: 0.5,
            borderRadius: 4,
            bgcolor: 'error.main',
            color: 'common.white',
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
          }}
        >
          <FiberManualRecordIcon fontSize="small" />
          <Typography variant="body2">
            {t('recording', {
              elapsed: clock(recording.elapsed),
              remaining: clock(recording.remaining),
            })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
