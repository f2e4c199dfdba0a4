import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaType } from '../../shared/constants';
import { MEDIA_FRAME } from './CameraView';
import { SURVEY_TEXTS } from './survey-texts';
import { useMediaObjectUrl } from './useMediaObjectUrl';

/**
 * A photo or video in the capture square, from a URL the browser already holds; a chosen file
 * that is not square is shown whole.
 */
export function CapturedMedia({ kind, url, alt }: { kind: MediaType; url: string; alt: string }) {
  if (kind === 'photo') {
    return (
      <Box sx={MEDIA_FRAME}>
        <Box
          component="img"
          src={url}
          alt={alt}
          data-testid="media-photo"
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      </Box>
    );
  }
  return (
    <Box sx={MEDIA_FRAME}>
      <Box
        component="video"
        src={url}
        controls
        playsInline
        aria-label={alt}
        data-testid="media-video"
        sx={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          display: 'block',
          bgcolor: 'common.black',
        }}
      />
    </Box>
  );
}

/**
 * The photo or video the patient saved earlier, from their own media route. A photo loads at
 * once; a video (up to tens of megabytes) only when the patient asks to watch it, so returning
 * to the question on mobile data costs nothing.
 */
export function SavedMedia({ kind, mediaPath }: { kind: MediaType; mediaPath: string }) {
  const { t } = useTranslation(SURVEY_TEXTS);
  const [watch, setWatch] = useState(kind === 'photo');
  const media = useMediaObjectUrl(watch ? `/api/survey/media/${mediaPath}` : null);
  const alt = kind === 'photo' ? t('savedPhoto') : t('savedVideo');

  if (watch && media.status === 'ready')
    return <CapturedMedia kind={kind} url={media.url} alt={alt} />;
  return (
    <Stack
      sx={{ ...MEDIA_FRAME, alignItems: 'center', justifyContent: 'center', color: 'common.white' }}
      spacing={1.5}
      data-testid="saved-media-placeholder"
    >
      {!watch && (
        <Button
          variant="contained"
          startIcon={<PlayArrowIcon />}
          onClick={() => setWatch(true)}
          data-testid="watch-saved-video"
        >
          {t('watchVideo')}
        </Button>
      )}
      {watch && media.status === 'loading' && (
        <>
          <CircularProgress color="inherit" size={32} />
          <Typography variant="body2">{t('loadingSaved')}</Typography>
        </>
      )}
      {watch && media.status === 'error' && (
        <Typography variant="body2" sx={{ px: 3, textAlign: 'center' }}>
          {t('savedUnavailable')}
        </Typography>
      )}
    </Stack>
  );
}
